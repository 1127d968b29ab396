/**
 * The store targets' outage tests (redis, postgresql, mysql), written once. Through the engine: a
 * target `q` with a `queue_dir` whose server goes down; admin info says offline, 30 uploads made
 * meanwhile wait on disk, survive an engine restart, and arrive in order once the server is back
 * (then: online). On the target alone: `send` rejects and `isActive` is false while it is down.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { staticConfig } from '../../src/config/index.js';
import type { NotificationTarget } from '../../src/notify/target.js';
import { eventually, startNotifyEngine } from './notify-engine.js';
import { put } from './target-events.js';

export interface StoreOutage {
  server: { stop(): Promise<void>; start(): Promise<unknown> };
  /** `notify_redis`, `notify_postgres`, `notify_mysql`. */
  subsystem: string;
  /** The ARN's and admin info's service name: `redis`, `postgresql`, `mysql`. */
  service: string;
  /** The target's values besides `enable` and `queue_dir` (an `access` format, so order shows). */
  values: Record<string, string>;
  bucket: string;
  /** The object keys the server holds so far, in its order. */
  deliveredKeys: () => Promise<(string | undefined)[]>;
}

/** Runs the outage scenario; fails (vitest `expect`) when an event is lost or out of order. */
export async function queuedThroughOutage(outage: StoreOutage): Promise<void> {
  const { server, service, bucket } = outage;
  const queueDir = await mkdtemp(join(tmpdir(), `coffer-${service}-queue-`));
  const e2e = await startNotifyEngine(
    staticConfig({ [`${outage.subsystem}:q`]: { enable: 'on', ...outage.values, queue_dir: queueDir } }),
  );
  const keys = Array.from({ length: 30 }, (_, i) => `obj-${String(i).padStart(3, '0')}`);
  try {
    await e2e.subscribe(bucket, [`arn:minio:sqs:us-east-1:q:${service}`], ['s3:ObjectCreated:*']);
    // The first status question is asked while down (admin info caches an answer for a few seconds).
    await server.stop();
    try {
      expect(await e2e.status(service, 'q')).toBe('offline');
      for (const key of keys) await e2e.put(bucket, key);
      await e2e.restart();
    } finally {
      await server.start();
    }
    const delivered = await eventually(
      `${keys.length} events`,
      outage.deliveredKeys,
      (k) => k.length >= keys.length,
    );
    expect(delivered).toEqual(keys);
    expect(await e2e.status(service, 'q')).toBe('online');
  } finally {
    await e2e.close();
    await rm(queueDir, { recursive: true, force: true });
  }
}

/**
 * Sends `b/before`, stops the server (`send` must reject, `isActive` be false), starts it again
 * (`isActive` true) and sends `b/after`; the caller then reads back that exactly those two arrived.
 */
export async function sendThroughOutage(
  target: NotificationTarget,
  server: StoreOutage['server'],
): Promise<void> {
  await target.send(put('b', 'before'));
  expect(await target.isActive()).toBe(true);
  await server.stop();
  try {
    await expect(target.send(put('b', 'during'))).rejects.toThrow();
    expect(await target.isActive()).toBe(false);
  } finally {
    await server.start();
  }
  expect(await target.isActive()).toBe(true);
  await target.send(put('b', 'after'));
}
