/**
 * Byte ranges of GET/HEAD (`Range`) and UploadPartCopy (`x-amz-copy-source-range`).
 *
 * S3 serves one range per request. Following RFC 7233 §3.1, a Range header that is not a valid
 * single byte-range-spec (wrong unit, several ranges, `first > last`, junk) is ignored and the
 * whole object is sent; a valid range that is unsatisfiable for the object's size (first byte at
 * or past the end, a zero-length suffix, any range of an empty object) is 416 InvalidRange.
 * UploadPartCopy is stricter: its range must be an explicit `bytes=first-last` inside the source.
 */
import { InvalidArgument } from '../common/errors.js';
import { InvalidRange } from '../object-layer/errors.js';

/** An inclusive byte range resolved against an object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

type RangeSpec = { kind: 'from'; first: number; last?: number } | { kind: 'suffix'; length: number };

const SPEC = /^bytes=(\d*)-(\d*)$/;

function parseSpec(value: string): RangeSpec | undefined {
  const m = SPEC.exec(value.trim());
  if (m === null) return undefined;
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return undefined;
  // Beyond 2^53 the numbers lose precision; no object is that large, so such a range is junk.
  if (first.length > 15 || last.length > 15) return undefined;
  if (first === '') return { kind: 'suffix', length: Number(last) };
  const spec: RangeSpec = { kind: 'from', first: Number(first) };
  if (last !== '') {
    spec.last = Number(last);
    if (spec.last < spec.first) return undefined;
  }
  return spec;
}

function unsatisfiable(value: string, size: number): InvalidRange {
  const err = new InvalidRange('The requested range is not satisfiable');
  err.objectSize = size;
  err.range = value;
  return err;
}

/**
 * Resolve a Range header against an object of `size` bytes. Undefined means "send the whole
 * object" (no header, or one to ignore); throws InvalidRange when unsatisfiable.
 */
export function parseRange(value: string | undefined, size: number): ByteRange | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const spec = parseSpec(value);
  if (spec === undefined) return undefined;
  if (spec.kind === 'suffix') {
    if (spec.length === 0 || size === 0) throw unsatisfiable(value, size);
    return { start: Math.max(0, size - spec.length), end: size - 1 };
  }
  if (spec.first >= size) throw unsatisfiable(value, size);
  return { start: spec.first, end: Math.min(spec.last ?? size - 1, size - 1) };
}

/**
 * Resolve `x-amz-copy-source-range` (UploadPartCopy): only `bytes=first-last`, inside the source.
 * S3 answers InvalidArgument for a malformed value and InvalidRange when it exceeds the source.
 */
export function parseCopySourceRange(value: string, size: number): ByteRange {
  const spec = parseSpec(value);
  if (spec === undefined || spec.kind !== 'from' || spec.last === undefined) {
    throw new InvalidArgument(
      'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy',
    );
  }
  if (spec.last >= size) throw unsatisfiable(value, size);
  return { start: spec.first, end: spec.last };
}

/** `Content-Range: bytes first-last/size`. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}
