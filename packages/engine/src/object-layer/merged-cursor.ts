/**
 * A k-way merge over the ordered LMDB indexes of the online drives: yields each distinct key once
 * with every drive's value for it (undefined when that drive lacks the key, null when the drive did
 * not take part). `seek` jumps forward — the listing uses it to skip everything under a common
 * prefix in one step — by reopening only the drive iterators that are behind the new start, so a
 * page costs O(entries returned + seeks), never O(keys in the bucket). `visited` counts the index
 * entries read, which the tests use to prove that bound.
 */
import type { RangeEntry } from '../storage/drive.js';
import type { LayerCore } from './core.js';

export interface MergedEntry {
  key: Buffer;
  /** Encoded values (see drive.ts `decodeValue`). */
  values: (Buffer | undefined | null)[];
}

export class MergedCursor {
  visited = 0;
  /** Number of drives taking part. */
  readonly answered: number;
  private readonly iterators: (Iterator<RangeEntry> | null)[];
  private readonly heads: (RangeEntry | undefined | null)[];

  constructor(
    private readonly core: LayerCore,
    start: Buffer,
    private readonly end: Buffer,
  ) {
    this.iterators = core.drives.map((d) => {
      if (!d.ok) return null;
      try {
        return d.range(start, end);
      } catch (error) {
        core.driveError(d, error);
        return null;
      }
    });
    this.answered = this.iterators.filter((i) => i !== null).length;
    this.heads = this.iterators.map((it, slot) => (it === null ? null : this.pull(slot)));
  }

  private pull(slot: number): RangeEntry | undefined | null {
    const it = this.iterators[slot];
    if (it === null || it === undefined) return null;
    try {
      const r = it.next();
      if (r.done === true) return undefined;
      this.visited++;
      return r.value;
    } catch (error) {
      const drive = this.core.drives[slot];
      if (drive) this.core.driveError(drive, error);
      this.iterators[slot] = null;
      return null;
    }
  }

  next(): MergedEntry | undefined {
    let min: Buffer | undefined;
    for (const h of this.heads) {
      if (h && (min === undefined || Buffer.compare(h.key, min) < 0)) min = h.key;
    }
    if (min === undefined) return undefined;
    const key = Buffer.from(min);
    const values = this.heads.map((h, slot) => {
      if (h === null) return null;
      if (h === undefined || !h.key.equals(key)) return undefined;
      const value = h.value;
      this.heads[slot] = this.pull(slot);
      return value;
    });
    return { key, values };
  }

  /** Moves every drive's position to the first key ≥ start. */
  seek(start: Buffer): void {
    this.iterators.forEach((it, slot) => {
      const head = this.heads[slot];
      if (it === null || head === null || head === undefined) return;
      if (Buffer.compare(head.key, start) >= 0) return;
      it.return?.();
      const drive = this.core.drives[slot];
      try {
        if (drive === undefined) throw new Error('no drive');
        this.iterators[slot] = drive.range(start, this.end);
        this.heads[slot] = this.pull(slot);
      } catch (error) {
        if (drive) this.core.driveError(drive, error);
        this.iterators[slot] = null;
        this.heads[slot] = null;
      }
    });
  }

  close(): void {
    for (const it of this.iterators) it?.return?.();
  }
}
