/**
 * S3 Select's ScanRange (uncompressed CSV and JSON Lines): only the records that *start* inside
 * the byte range are processed, and a record that starts inside and ends past it is processed
 * whole. The object is read from one byte before the range (that byte tells whether the range
 * starts on a record boundary) to its end; `RecordWindow` drops the partial record in front and
 * cuts the stream after the record delimiter that ends the last record starting in the range.
 * A record delimiter inside quotes is not seen as one (AWS refuses that combination as well).
 */
import { Transform, type TransformCallback } from 'node:stream';

export interface ScanRange {
  start?: number;
  end?: number;
}

/** Absolute [first, last] byte of the range over an object of `size` bytes, or undefined if empty. */
export function resolveScanRange(
  range: ScanRange,
  size: number,
): { first: number; last: number } | undefined {
  let first: number;
  let last: number;
  if (range.start === undefined && range.end !== undefined) {
    // Only End: the last End bytes.
    first = Math.max(0, size - range.end);
    last = size - 1;
  } else {
    first = range.start ?? 0;
    last = Math.min(range.end ?? size - 1, size - 1);
  }
  return first > last || first >= size ? undefined : { first, last };
}

/**
 * Bytes of the object from `readFrom` (the byte before the range, or 0) on; passes those of the
 * records starting in [first, last]. `delimiter` is the last byte of the record delimiter.
 */
export class RecordWindow extends Transform {
  private pos: number;
  private skipping: boolean;
  private done = false;
  /** The bytes passed so far end with a delimiter (or none were passed yet). */
  private atRecordStart = true;

  constructor(
    readFrom: number,
    private readonly first: number,
    private readonly last: number,
    private readonly delimiter = 0x0a,
  ) {
    super();
    this.pos = readFrom;
    // From 0 nothing precedes the first record; otherwise skip through the first delimiter.
    this.skipping = first > 0;
  }

  override _transform(chunk: Buffer, _e: BufferEncoding, cb: TransformCallback): void {
    if (this.done) {
      cb();
      return;
    }
    let from = 0;
    if (this.skipping) {
      const nl = chunk.indexOf(this.delimiter);
      if (nl < 0) {
        this.pos += chunk.length;
        cb();
        return;
      }
      this.skipping = false;
      from = nl + 1;
    }
    // A record starting past the range ends the window; otherwise the first delimiter at or
    // after `last` ends the last record that started in it.
    if (this.atRecordStart && this.pos + from > this.last) {
      this.done = true;
    } else {
      const searchFrom = Math.max(from, this.last - this.pos);
      const cut = searchFrom < chunk.length ? chunk.indexOf(this.delimiter, searchFrom) : -1;
      if (cut >= 0) {
        this.push(chunk.subarray(from, cut + 1));
        this.done = true;
      } else if (from < chunk.length) {
        this.push(chunk.subarray(from));
        this.atRecordStart = chunk[chunk.length - 1] === this.delimiter;
      }
    }
    this.pos += chunk.length;
    if (this.done) this.push(null);
    cb();
  }
}
