/**
 * The Heal page's upstream (spec 2 §3 "Heal progress message", §4 "Heal"): starts a heal sequence
 * on the storage server (admin heal, wire doc §3.9) for a bucket and prefix, polls its status by
 * client token about once a second and yields the running totals after each poll — items and
 * objects scanned, objects healed, bytes scanned, seconds since the start, and the items per
 * health colour before and after healing (`healItemColors`, MinIO's table). It ends when the
 * sequence is finished; a stopped sequence is an error with the server's detail. Force stop only
 * stops the running sequence and ends at once. Aborting `signal` (the browser went away) ends the
 * polling; the sequence itself runs on in the storage server, as with MinIO's console.
 */
import { healItemColors, type HealCalls, type HealColor, type HealResultItem } from '@coffer/admin-client';
import type { HealMessageSchema } from '@coffer/contract';
import type { z } from 'zod';

export interface HealRequest {
  bucket: string;
  prefix: string;
  recursive: boolean;
  forceStart: boolean;
  forceStop: boolean;
}

export type HealColorCounts = Record<HealColor, number>;

/** Spec 2 §3's heal progress message, as the contract declares it. */
export type HealProgressMessage = z.output<typeof HealMessageSchema>;

/** Thrown when the storage server stops the sequence (not on the client's own abort). */
export class HealStoppedError extends Error {
  override readonly name = 'HealStoppedError';
}

const zeroColors = (): HealColorCounts => ({ Green: 0, Yellow: 0, Red: 0, Grey: 0 });

/** Running totals of a heal sequence's items. */
export class HealTotals {
  readonly message: HealProgressMessage = {
    healthBeforeCols: zeroColors(),
    healthAfterCols: zeroColors(),
    itemsScanned: 0,
    objectsHealed: 0,
    objectsScanned: 0,
    healDuration: 0,
    bytesScanned: 0,
  };

  add(item: HealResultItem): void {
    const m = this.message;
    const colors = healItemColors(item);
    // Items whose colour cannot be told (no parity) are left out, as MinIO's console does.
    if (colors.before === undefined || colors.after === undefined) return;
    m.itemsScanned++;
    if (item.type === 'object') {
      m.objectsScanned++;
      if (item.objectSize > 0) m.bytesScanned += item.objectSize;
    }
    const ok = (drives: HealResultItem['before']['drives']) =>
      (drives ?? []).filter((d) => d.state === 'ok').length;
    if (item.type === 'object' && ok(item.after.drives) > ok(item.before.drives)) m.objectsHealed++;
    m.healthBeforeCols[colors.before]++;
    m.healthAfterCols[colors.after]++;
  }

  snapshot(startedAt: number, now = Date.now()): HealProgressMessage {
    return {
      ...this.message,
      healthBeforeCols: { ...this.message.healthBeforeCols },
      healthAfterCols: { ...this.message.healthAfterCols },
      healDuration: Math.max(0, Math.round((now - startedAt) / 1000)),
    };
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export async function* healProgress(
  admin: HealCalls,
  request: HealRequest,
  signal: AbortSignal,
  options: { pollMs?: number } = {},
): AsyncGenerator<HealProgressMessage> {
  const { bucket, prefix } = request;
  if (request.forceStop) {
    await admin.healStop(bucket, prefix, { signal });
    return;
  }
  const opts = { recursive: request.recursive, scanMode: 1 as const };
  const started = await admin.healStart(bucket, prefix, opts, { forceStart: request.forceStart, signal });
  const parsed = Date.parse(started.startTime);
  const startedAt = Number.isFinite(parsed) ? Math.min(parsed, Date.now()) : Date.now();
  const totals = new HealTotals();
  while (!signal.aborted) {
    const status = await admin.healStatus(bucket, prefix, started.clientToken, { signal });
    for (const item of status.items) totals.add(item);
    yield totals.snapshot(startedAt);
    if (status.summary === 'finished') return;
    if (status.summary === 'stopped') {
      throw new HealStoppedError(`heal had an error - ${status.detail ?? 'stopped'}`);
    }
    await pause(options.pollMs ?? 1000, signal);
  }
}
