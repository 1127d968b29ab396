/**
 * How many background flushes (fdatasync of a shard file being written, shard-io.ts) may run at
 * once in this process. Why: libuv runs file I/O on its thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), and an fdatasync holds its thread for the whole flush. Each
 * streamed PUT writes one shard file per drive and flushed each every 4 MiB, so four concurrent
 * 64 MiB uploads (16 shard files) kept every pool thread in fdatasync while their writes — and
 * every other file operation of the engine — queued behind them. Measured with 4 × 64 MiB PUTs at
 * once on a busy disk (2026-11-29): 36–42 MiB/s with 4 threads, 58–61 MiB/s with 16 (see
 * docs/performance.md). With at most half the pool flushing, the other half always writes.
 *
 * A flush that finds the budget spent is skipped, not queued: the writer tries again after its
 * next write, and the final fsync of each file (`finish`) is never skipped, so durability is
 * unchanged — only how much is left for that final flush.
 */

/** libuv's pool size as this process started with it (read once: libuv reads it once too). */
function poolSize(): number {
  const size = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4;
}

const MAX_BACKGROUND_FLUSHES = Math.max(1, Math.floor(poolSize() / 2));
let running = 0;

/** Takes a slot for a background flush; false when half the pool is already flushing. */
export function takeFlushSlot(): boolean {
  if (running >= MAX_BACKGROUND_FLUSHES) return false;
  running++;
  return true;
}

/** Gives back a slot `takeFlushSlot` handed out. */
export function giveFlushSlot(): void {
  running = Math.max(0, running - 1);
}
