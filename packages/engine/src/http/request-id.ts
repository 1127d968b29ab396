/**
 * Request ids as MinIO makes them: the uppercase hex of a nanosecond Unix timestamp
 * (e.g. `17F0C6B3A1B2C3D4`). A monotonic clock anchored once to the wall clock keeps them
 * increasing even if the system time steps back, and a counter guarantees uniqueness when two
 * requests arrive within the same nanosecond reading.
 */

/** Create a generator of unique, increasing request ids (one per server: state is its own). */
export function createRequestIdGenerator(): () => string {
  const anchor = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
  let last = 0n;
  return () => {
    let now = anchor + process.hrtime.bigint();
    if (now <= last) now = last + 1n;
    last = now;
    return now.toString(16).toUpperCase();
  };
}
