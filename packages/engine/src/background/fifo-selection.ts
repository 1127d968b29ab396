/**
 * Which versions a FIFO quota removes (MinIO's 2021 `enforceFIFOQuotaBucket`): walking every
 * version of the bucket, the oldest ones by modification time — versions, not keys, so in a
 * versioned bucket a key's old versions go before its newer ones and before younger keys — until
 * the bytes chosen cover what the bucket holds above its quota.
 *
 * Left out: delete markers (they hold no bytes, and removing one would bring an older version back),
 * empty versions (removing them frees nothing) and versions kept by object lock (legal hold or an
 * unexpired retention of either mode: a background removal never bypasses governance).
 *
 * Memory stays bounded by what is to be removed, not by the bucket: candidates go into a max-heap
 * ordered newest first, and the newest is dropped whenever the others already cover the bytes to
 * free. A bucket of a million objects a few bytes over its quota keeps one or two candidates. The
 * walk pages through `listObjectVersions` and yields to the event loop after each page, as the
 * scanner does.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isDeleteProtected } from '../bucket/object-lock.js';
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';

/** One version chosen for removal. */
export interface FifoCandidate {
  key: string;
  versionId: string;
  size: number;
  /** Modification time, ms since the epoch. */
  modified: number;
}

/** Older first; equal times by key then version id, so the choice does not depend on listing order. */
function older(a: FifoCandidate, b: FifoCandidate): boolean {
  if (a.modified !== b.modified) return a.modified < b.modified;
  if (a.key !== b.key) return a.key < b.key;
  return a.versionId < b.versionId;
}

/**
 * The oldest candidates whose sizes add up to at least `toFree` bytes, kept in a max-heap (the
 * newest candidate on top) so that offering a version costs O(log n) and n stays as small as the
 * target allows.
 */
export class OldestFirstSelection {
  private readonly heap: FifoCandidate[] = [];
  private bytes = 0;

  constructor(private toFree: number) {}

  /** Bytes of the candidates held. */
  get selectedBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.heap.length;
  }

  offer(candidate: FifoCandidate): void {
    if (this.toFree <= 0) return;
    const top = this.heap[0];
    // The target is covered and the candidate is newer than all held: it would be dropped at once.
    if (top !== undefined && this.bytes >= this.toFree && older(top, candidate)) return;
    this.push(candidate);
    this.prune();
  }

  /** Lower (or raise) the bytes to free; a lower target lets the newest candidates go. */
  retarget(toFree: number): void {
    this.toFree = toFree;
    if (toFree <= 0) {
      this.heap.length = 0;
      this.bytes = 0;
      return;
    }
    this.prune();
  }

  /** The chosen candidates, oldest first. */
  oldestFirst(): FifoCandidate[] {
    return [...this.heap].sort((a, b) => (older(a, b) ? -1 : older(b, a) ? 1 : 0));
  }

  /** Drop the newest while the rest still cover the target. */
  private prune(): void {
    for (;;) {
      const top = this.heap[0];
      if (top === undefined || this.bytes - top.size < this.toFree) return;
      this.pop();
    }
  }

  private push(c: FifoCandidate): void {
    const h = this.heap;
    h.push(c);
    this.bytes += c.size;
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = h[parent] as FifoCandidate;
      // Max-heap on age: a parent is never older than its children.
      if (!older(p, c)) break;
      h[i] = p;
      i = parent;
    }
    h[i] = c;
  }

  private pop(): void {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (top === undefined || last === undefined) return;
    this.bytes -= top.size;
    if (h.length === 0) return;
    // Sift `last` down from the root: each step moves the newer child up.
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let newest = last;
      let at = i;
      const left = h[l];
      const right = h[r];
      if (left !== undefined && older(newest, left)) {
        newest = left;
        at = l;
      }
      if (right !== undefined && older(newest, right)) {
        newest = right;
        at = r;
      }
      if (at === i) break;
      h[i] = newest;
      i = at;
    }
    h[i] = last;
  }
}

/** May the FIFO quota remove this version at `now`? */
export function isFifoCandidate(version: ObjectInfo, now: number): boolean {
  return !version.deleteMarker && version.size > 0 && !isDeleteProtected(version, now);
}

/** What one walk found and chose. */
export interface FifoPlan {
  /** Bytes of every version (delete markers hold none), as the scanner counts a bucket's size. */
  seenBytes: number;
  /** Versions kept by object lock that were passed over. */
  lockedSkipped: number;
  /** The versions to remove, oldest first. */
  victims: FifoCandidate[];
  /** Their bytes. */
  victimBytes: number;
}

/** Versions per listing page of the walk (the scanner's page size). */
export const FIFO_PAGE_SIZE = 500;

/**
 * Walk the bucket's versions and choose the oldest to remove so that it gets back to `quota`
 * bytes. `estimate` is the bucket's size from the scan that found it over its quota: it bounds
 * the selection during the walk; the walk's own total then decides (MinIO does the same) — a
 * bucket that shrank meanwhile loses less, one that grew is trimmed further by the next cycle.
 * When locked versions leave too little to remove, everything removable is chosen.
 */
export async function planFifoTrim(
  layer: Pick<ObjectLayer, 'listObjectVersions'>,
  bucket: string,
  quota: number,
  estimate: number,
  now: number,
  signal?: AbortSignal,
): Promise<FifoPlan> {
  const selection = new OldestFirstSelection(estimate - quota);
  let seenBytes = 0;
  let lockedSkipped = 0;
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const page = await layer.listObjectVersions(bucket, {
      maxKeys: FIFO_PAGE_SIZE,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    for (const v of page.versions) {
      if (v.deleteMarker) continue;
      seenBytes += v.size;
      if (isFifoCandidate(v, now)) {
        selection.offer({
          key: v.key,
          versionId: v.versionId,
          size: v.size,
          modified: v.lastModified.getTime(),
        });
      } else if (v.size > 0) {
        lockedSkipped++;
      }
    }
    if (!page.isTruncated) break;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    await nextTurn();
  }
  const toFreeNow = seenBytes - quota;
  // Only ever lower the target: a higher one would need candidates the heap already let go.
  if (toFreeNow < estimate - quota) selection.retarget(toFreeNow);
  const victims = selection.oldestFirst();
  return { seenBytes, lockedSkipped, victims, victimBytes: selection.selectedBytes };
}
