/**
 * Per-drive call latency for the Prometheus metric `minio_node_drive_latency_us{api}` (MinIO's
 * average over the last minute, in microseconds). Calls are summed per API in one-minute windows;
 * the figure is the last complete window's average, or the current one's before a window closed.
 */

interface Window {
  sum: number;
  count: number;
}

const WINDOW_MS = 60_000;

export class DriveLatency {
  private current = new Map<string, Window>();
  private previous = new Map<string, Window>();
  private windowStart: number;

  constructor(private readonly now: () => number = Date.now) {
    this.windowStart = now();
  }

  private roll(): void {
    const now = this.now();
    if (now - this.windowStart < WINDOW_MS) return;
    // A window that ended long ago says nothing about the last minute.
    this.previous = now - this.windowStart < 2 * WINDOW_MS ? this.current : new Map();
    this.current = new Map();
    this.windowStart = now - ((now - this.windowStart) % WINDOW_MS);
  }

  observe(api: string, microseconds: number): void {
    this.roll();
    const w = this.current.get(api) ?? { sum: 0, count: 0 };
    w.sum += microseconds;
    w.count += 1;
    this.current.set(api, w);
  }

  /** Runs `call`, timing it as `api` (failures too). */
  async time<T>(api: string, call: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    try {
      return await call();
    } finally {
      this.observe(api, Number(process.hrtime.bigint() - started) / 1000);
    }
  }

  /** API → average microseconds. */
  snapshot(): Record<string, number> {
    this.roll();
    const out: Record<string, number> = {};
    for (const [api, w] of this.current) out[api] = w.sum / w.count;
    for (const [api, w] of this.previous) out[api] = w.sum / w.count;
    return out;
  }
}
