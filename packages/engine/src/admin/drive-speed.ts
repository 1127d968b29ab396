/**
 * A short drive speed test for the health info: on each drive, in its temporary area, small
 * synchronous writes (4 KiB, each fsynced: latency) and a few 1 MiB writes then reads (throughput),
 * the file removed afterwards. Kept short — about 8 MiB per drive — so it never stands in the way
 * of the server's work for long; it stops early when the caller gives up (`signal`).
 * Reported in madmin's drive-performance shape (`Latency` in seconds, `Throughput` in bytes/s).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';

const SMALL = 4096;
const SMALL_WRITES = 16;
const LARGE = 1 << 20;
const LARGE_WRITES = 8;

export interface Distribution {
  avg: number;
  max: number;
  min: number;
  percentile50: number;
  percentile90: number;
  percentile99: number;
}

export interface DrivePerf {
  path: string;
  latency?: Distribution;
  throughput?: Distribution;
  readThroughput?: Distribution;
  error?: string;
}

function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return {
    avg: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
    max: sorted[sorted.length - 1] ?? 0,
    min: sorted[0] ?? 0,
    percentile50: at(50),
    percentile90: at(90),
    percentile99: at(99),
  };
}

const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

/** Measure one drive; `tmpDir` is its temporary area. */
export async function measureDrive(path: string, tmpDir: string, signal: AbortSignal): Promise<DrivePerf> {
  const file = join(tmpDir, `healthinfo-${randomUUID()}`);
  try {
    await mkdir(tmpDir, { recursive: true });
    const handle = await open(file, 'w+');
    try {
      const small = randomBytes(SMALL);
      const latencies: number[] = [];
      for (let i = 0; i < SMALL_WRITES && !signal.aborted; i += 1) {
        const start = process.hrtime.bigint();
        await handle.write(small, 0, SMALL, i * SMALL);
        await handle.datasync();
        latencies.push(seconds(start));
      }
      const large = randomBytes(LARGE);
      const writes: number[] = [];
      for (let i = 0; i < LARGE_WRITES && !signal.aborted; i += 1) {
        const start = process.hrtime.bigint();
        await handle.write(large, 0, LARGE, i * LARGE);
        await handle.datasync();
        writes.push(LARGE / seconds(start));
      }
      const reads: number[] = [];
      const buffer = Buffer.allocUnsafe(LARGE);
      for (let i = 0; i < writes.length && !signal.aborted; i += 1) {
        const start = process.hrtime.bigint();
        await handle.read(buffer, 0, LARGE, i * LARGE);
        reads.push(LARGE / seconds(start));
      }
      if (signal.aborted) return { path, error: 'stopped: the deadline passed or the client went away' };
      return {
        path,
        latency: distribution(latencies),
        throughput: distribution(writes),
        readThroughput: distribution(reads),
      };
    } finally {
      await handle.close();
    }
  } catch (err) {
    return { path, error: (err as Error).message };
  } finally {
    await rm(file, { force: true });
  }
}
