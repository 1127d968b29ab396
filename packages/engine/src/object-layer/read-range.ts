/**
 * The stored byte range a read asks for — whole object, a `Range`, or one part of a multipart
 * object — planned over the object's size and part sizes, with S3's errors (InvalidRange carrying
 * the object size, InvalidArgument for a bad part number). Shared by the erasure layer and the
 * tiering decorator, which plans reads of transitioned versions the same way.
 */
import { InvalidArgument } from '../common/errors.js';
import { InvalidRange } from './errors.js';
import type { GetObjectOptions } from './types.js';

export function invalidRange(size: number, range: string): InvalidRange {
  const e = new InvalidRange('The requested range is not satisfiable');
  e.objectSize = size;
  e.range = range;
  return e;
}

/** Inclusive `start`..`end` (end < start for an empty object); `partSizes` only for multipart objects. */
export function planReadRange(
  size: number,
  partSizes: readonly number[] | undefined,
  options: GetObjectOptions | undefined,
  where: { bucket: string; key: string },
): { start: number; end: number } {
  if (options?.partNumber !== undefined) {
    const n = options.partNumber;
    if (!Number.isInteger(n) || n < 1)
      throw new InvalidArgument('Part number must be an integer between 1 and 10000', where);
    if (partSizes === undefined) {
      if (n !== 1) throw invalidRange(size, `part ${n}`);
      return { start: 0, end: size - 1 };
    }
    const part = partSizes[n - 1];
    if (part === undefined) throw invalidRange(size, `part ${n}`);
    const start = partSizes.slice(0, n - 1).reduce((s, p) => s + p, 0);
    return { start, end: start + part - 1 };
  }
  if (options?.range !== undefined) {
    const { start, end } = options.range;
    if (start < 0 || start > end || (size > 0 && start >= size) || (size === 0 && start > 0)) {
      throw invalidRange(size, `bytes=${start}-${end}`);
    }
    return { start, end: Math.min(end, size - 1) };
  }
  return { start: 0, end: size - 1 };
}
