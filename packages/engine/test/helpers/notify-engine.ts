/**
 * An engine started in-process (4 temp drives, port 0) with a `staticConfig` of notification
 * targets, for the end-to-end target tests: objects go in over HTTP with the AWS SDK, the bucket is
 * subscribed with PutBucketNotificationConfiguration, and the test reads the events back from the
 * real server the target writes to.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createEngine, type Engine } from '../../src/engine.js';
import type { ConfigReader } from '../../src/config/index.js';
import { adminOk } from './admin-calls.js';
import { sdkClient } from './sdk-client.js';

export interface NotifyEngine {
  engine: Engine;
  s3: S3Client;
  root: { accessKey: string; secretKey: string };
  logs: string[];
  /** Creates `bucket` and subscribes it to `events` for every ARN given (one rule each). */
  subscribe(bucket: string, arns: string[], events?: string[]): Promise<void>;
  put(bucket: string, key: string, body?: string): Promise<void>;
  remove(bucket: string, key: string): Promise<void>;
  /** The target's status in admin info (`services.notifications`), undefined when not listed. */
  status(service: string, id: string): Promise<string | undefined>;
  /** Stops the engine and starts it again on the same drives and configuration (queues kept). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startNotifyEngine(config: ConfigReader): Promise<NotifyEngine> {
  const dir = await mkdtemp(join(tmpdir(), 'coffer-notify-e2e-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  const root = { accessKey: 'targetsroot', secretKey: 'targets-root-secret-123' };
  const logs: string[] = [];
  const start = (): Promise<Engine> =>
    createEngine({
      address: '127.0.0.1:0',
      drives,
      dataDir: dir,
      rootUser: root.accessKey,
      rootPassword: root.secretKey,
      env: {},
      log: (line) => logs.push(line),
      scannerIntervalMs: 3_600_000,
      healIntervalMs: 3_600_000,
      config,
      notifyRetry: { minRetryMs: 20, maxRetryMs: 200 },
    });
  const engine = await start();
  const handle: NotifyEngine = {
    engine,
    s3: sdkClient(engine.url, root),
    root,
    logs,
    async subscribe(bucket, arns, events = ['s3:ObjectCreated:*', 's3:ObjectRemoved:*']) {
      await handle.s3.send(new CreateBucketCommand({ Bucket: bucket }));
      await handle.s3.send(
        new PutBucketNotificationConfigurationCommand({
          Bucket: bucket,
          NotificationConfiguration: {
            QueueConfigurations: arns.map((arn, i) => ({
              Id: `rule-${i}`,
              QueueArn: arn,
              Events: events as never,
            })),
          },
        }),
      );
    },
    async put(bucket, key, body = `content of ${key}`) {
      await handle.s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async remove(bucket, key) {
      await handle.s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async status(service, id) {
      const info = (await adminOk(handle.engine, root, 'GET', 'info')) as {
        services: { notifications?: Record<string, Record<string, { status: string }>[]>[] };
      };
      const entries = (info.services.notifications ?? []).flatMap((n) => n[service] ?? []);
      return entries.find((entry) => id in entry)?.[id]?.status;
    },
    async restart() {
      handle.s3.destroy();
      await handle.engine.close();
      handle.engine = await start();
      handle.s3 = sdkClient(handle.engine.url, root);
    },
    async close() {
      handle.s3.destroy();
      await handle.engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** Polls an async condition on the target's server (never a fixed sleep); rejects after 30 s. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
