/** One memcpy into memory that may be a SharedArrayBuffer's: why, below. */
/**
 * Copies `length` bytes of `source` from `sourceStart` to `target` at `targetStart` with one
 * memcpy. Why not `source.copy(target, …)`: Node 20 copies through TypedArray#set, and when the
 * target lives in a SharedArrayBuffer (the write path's blocks do: the Reed–Solomon arena) V8 does
 * that with its word-by-word "relaxed" memmove — measured with `perf` it was the largest item on
 * the event loop of a 64 MiB PUT after the kernel's socket reads (≈ 6 % of the engine's CPU, as
 * much as the parity kernel), and again on encrypted PUTs (run buffers and the cipher threads'
 * outputs are shared memory too). `fill` with a buffer of exactly the range's length is a plain
 * memcpy in Node's C++ (callers copy into memory no other thread touches until it is posted, so
 * no race). Answers `length`.
 */
export function copyInto(
  target: Buffer,
  targetStart: number,
  source: Buffer,
  sourceStart: number,
  length: number,
): number {
  if (length === 0) return 0;
  const part =
    sourceStart === 0 && length === source.length
      ? source
      : source.subarray(sourceStart, sourceStart + length);
  target.fill(part, targetStart, targetStart + length);
  return length;
}
