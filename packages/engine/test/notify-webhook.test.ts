/**
 * Bucket notifications to a webhook target, end to end: an engine started in-process with
 * `createEngine` (4 temp drives, port 0) and a `staticConfig` naming webhook targets that point
 * at real loopback receivers (`helpers/webhook-receiver.ts`); rules set with the AWS SDK's
 * PutBucketNotificationConfiguration. Covers the records MinIO sends for put, copy, multipart
 * complete, delete and delete marker; prefix/suffix filters; the ARN checks; admin info's
 * `sqsARN` and online/offline status; `queue_limit`; and the outage test — 100 events queued
 * while the receiver is down survive an engine restart and arrive in order.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketNotificationConfigurationCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketNotificationConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import { staticConfig } from '../src/config/index.js';
import type { TargetEvent } from '../src/notify/index.js';
import { adminOk } from './helpers/admin-calls.js';
import { sdkClient } from './helpers/sdk-client.js';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

const root = { accessKey: 'notifyroot', secretKey: 'notify-root-secret-123456' };

let dir: string;
let queueDir: string;
let drives: string[];
let engine: Engine;
let s3: S3Client;
/** Target 1: the main receiver (in-memory queue, bearer token). */
let rx1: WebhookReceiver;
/** Target 2: the outage receiver (queue_dir). */
let rx2: WebhookReceiver;
/** Target 3: queue_dir with queue_limit 5. */
let rx3: WebhookReceiver;
const logs: string[] = [];

function config(): ReturnType<typeof staticConfig> {
  return staticConfig({
    'notify_webhook:1': { enable: 'on', endpoint: `${rx1.url}/hook`, auth_token: 'tok-123' },
    'notify_webhook:2': { enable: 'on', endpoint: rx2.url, queue_dir: queueDir },
    'notify_webhook:3': { enable: 'on', endpoint: rx3.url, queue_dir: queueDir, queue_limit: '5' },
    'notify_webhook:off': { enable: 'off', endpoint: rx1.url },
  });
}

/** The configuration of the running engine (tests change it as the config store would). */
let cfg: ReturnType<typeof staticConfig>;

async function start(): Promise<Engine> {
  cfg = config();
  return createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    log: (line) => logs.push(line),
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
    config: cfg,
    notifyRetry: { minRetryMs: 20, maxRetryMs: 200 },
  });
}

/** Poll a condition on engine state (never a fixed sleep); rejects after 30 s. */
async function until(what: string, test: () => boolean): Promise<void> {
  const end = Date.now() + 30_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function subscribe(
  bucket: string,
  arn: string,
  events: string[],
  filter?: { prefix?: string; suffix?: string },
) {
  const rules = [
    ...(filter?.prefix !== undefined ? [{ Name: 'prefix' as const, Value: filter.prefix }] : []),
    ...(filter?.suffix !== undefined ? [{ Name: 'suffix' as const, Value: filter.suffix }] : []),
  ];
  await s3.send(
    new PutBucketNotificationConfigurationCommand({
      Bucket: bucket,
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Id: `rule-${bucket}`,
            QueueArn: arn,
            Events: events as never,
            ...(rules.length > 0 ? { Filter: { Key: { FilterRules: rules } } } : {}),
          },
        ],
      },
    }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-notify-'));
  queueDir = join(dir, 'queue');
  drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  rx1 = await startWebhookReceiver();
  rx2 = await startWebhookReceiver();
  rx3 = await startWebhookReceiver();
  engine = await start();
  s3 = sdkClient(engine.url, root);
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  await Promise.all([rx1?.stop(), rx2?.stop(), rx3?.stop()]);
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('notification configuration', () => {
  it('lists the enabled targets as ARNs in admin info', async () => {
    const info = (await adminOk(engine, root, 'GET', 'info')) as {
      sqsARN: string[];
      services: { notifications?: Record<string, Record<string, { status: string }>[]>[] };
    };
    expect(info.sqsARN).toEqual([
      'arn:minio:sqs:us-east-1:1:webhook',
      'arn:minio:sqs:us-east-1:2:webhook',
      'arn:minio:sqs:us-east-1:3:webhook',
    ]);
    expect(info.services.notifications).toEqual([
      {
        webhook: [
          { '1': { status: 'online' } },
          { '2': { status: 'online' } },
          { '3': { status: 'online' } },
        ],
      },
    ]);
  });

  it('refuses unknown ARNs, other regions, Topic configurations and unknown events', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'cfg' }));
    const refused = async (
      arn: string,
      events = ['s3:ObjectCreated:*'],
    ): Promise<{ code?: string; message?: string }> => {
      try {
        await subscribe('cfg', arn, events);
      } catch (err) {
        return {
          code: (err as { Code?: string }).Code ?? (err as Error).name,
          message: (err as Error).message,
        };
      }
      throw new Error(`${arn} was accepted`);
    };
    const unknown = await refused('arn:minio:sqs::9:webhook');
    expect(unknown.code).toBe('InvalidArgument');
    expect(unknown.message).toBe(
      'A specified destination ARN does not exist or is not well-formed. Verify the destination ARN.',
    );
    expect((await refused('arn:minio:sqs::off:webhook')).code).toBe('InvalidArgument');
    expect((await refused('arn:aws:sqs:us-east-1:1:webhook')).code).toBe('InvalidArgument');
    const region = await refused('arn:minio:sqs:eu-west-1:1:webhook');
    expect(region.message).toContain('different region');
    expect((await refused('arn:minio:sqs::1:webhook', ['s3:ObjectCreated:Nope'])).message).toBe(
      'A specified event is not supported for notifications.',
    );
    await expect(
      s3.send(
        new PutBucketNotificationConfigurationCommand({
          Bucket: 'cfg',
          NotificationConfiguration: {
            TopicConfigurations: [{ TopicArn: 'arn:minio:sqs::1:webhook', Events: ['s3:ObjectCreated:*'] }],
          },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UnsupportedNotification' });

    // Accepted with an empty region; answered with the server's region filled in.
    await subscribe('cfg', 'arn:minio:sqs::1:webhook', ['s3:ObjectCreated:*', 's3:ObjectRemoved:Delete'], {
      prefix: 'p/',
    });
    const got = await s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'cfg' }));
    expect(got.QueueConfigurations).toEqual([
      {
        Id: 'rule-cfg',
        QueueArn: 'arn:minio:sqs:us-east-1:1:webhook',
        Events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:Delete'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'p/' }] } },
      },
    ]);
  });
});

describe('reload', () => {
  it('rebuilds the targets when a notify_* sub-system changes', async () => {
    const arns = (): string[] => engine.context.notifications.arns();
    cfg.set('notify_webhook:new', { enable: 'on', endpoint: rx1.url });
    await until('the new target', () => arns().includes('arn:minio:sqs:us-east-1:new:webhook'));
    expect(arns()).toHaveLength(4);
    cfg.set('notify_webhook:new', { enable: 'off', endpoint: rx1.url });
    await until('the target to go', () => !arns().includes('arn:minio:sqs:us-east-1:new:webhook'));
    expect(arns()).toHaveLength(3);
  });
});

describe('delivery', () => {
  it('sends put, copy, multipart complete, delete marker and delete with MinIO records', async () => {
    rx1.clear();
    await s3.send(new CreateBucketCommand({ Bucket: 'evt' }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'evt', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await subscribe('evt', 'arn:minio:sqs:us-east-1:1:webhook', ['s3:ObjectCreated:*', 's3:ObjectRemoved:*']);
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: 'evt',
        Key: 'a b.txt',
        Body: 'hello',
        ContentType: 'text/plain',
        Metadata: { k: 'v' },
      }),
    );
    await s3.send(new CopyObjectCommand({ Bucket: 'evt', Key: 'copy.txt', CopySource: 'evt/a%20b.txt' }));
    const mp = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'evt', Key: 'mp.bin' }));
    const part = await s3.send(
      new UploadPartCommand({
        Bucket: 'evt',
        Key: 'mp.bin',
        UploadId: mp.UploadId,
        PartNumber: 1,
        Body: 'part-one',
      }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'evt',
        Key: 'mp.bin',
        UploadId: mp.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    await s3.send(new DeleteObjectCommand({ Bucket: 'evt', Key: 'copy.txt' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'evt', Key: 'a b.txt', VersionId: put.VersionId }));

    const posts = await rx1.waitFor(5);
    expect(posts.every((p) => p.url === '/hook')).toBe(true);
    expect(posts[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(posts[0]?.headers['content-type']).toBe('application/json');
    const events = rx1.json<TargetEvent>();
    expect(events.map((e) => [e.EventName, e.Key])).toEqual([
      ['s3:ObjectCreated:Put', 'evt/a b.txt'],
      ['s3:ObjectCreated:Copy', 'evt/copy.txt'],
      ['s3:ObjectCreated:CompleteMultipartUpload', 'evt/mp.bin'],
      ['s3:ObjectRemoved:DeleteMarkerCreated', 'evt/copy.txt'],
      ['s3:ObjectRemoved:Delete', 'evt/a b.txt'],
    ]);
    const first = events[0]?.Records[0];
    expect(first).toMatchObject({
      eventVersion: '2.0',
      eventSource: 'minio:s3',
      awsRegion: 'us-east-1',
      eventName: 's3:ObjectCreated:Put',
      userIdentity: { principalId: root.accessKey },
      s3: {
        s3SchemaVersion: '1.0',
        bucket: { name: 'evt', arn: 'arn:aws:s3:::evt' },
        object: {
          key: 'a+b.txt',
          size: 5,
          eTag: put.ETag?.replace(/"/g, ''),
          contentType: 'text/plain',
          versionId: put.VersionId,
        },
      },
    });
    expect(first?.s3.object.userMetadata?.['X-Amz-Meta-K']).toBe('v');
    const removal = events[4]?.Records[0];
    expect(removal?.s3.object.size).toBeUndefined();
    expect(removal?.s3.object.versionId).toBe(put.VersionId);
    // Sequencers increase with the order of the changes.
    const seqs = events.map((e) => BigInt(`0x${e.Records[0]?.s3.object.sequencer ?? '0'}`));
    expect([...seqs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(seqs);
  });

  it('honours prefix and suffix filters and sends one event per target', async () => {
    rx1.clear();
    await s3.send(new CreateBucketCommand({ Bucket: 'flt' }));
    await s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'flt',
        NotificationConfiguration: {
          QueueConfigurations: [
            {
              QueueArn: 'arn:minio:sqs::1:webhook',
              Events: ['s3:ObjectCreated:Put'],
              Filter: {
                Key: {
                  FilterRules: [
                    { Name: 'prefix', Value: 'in/' },
                    { Name: 'suffix', Value: '.jpg' },
                  ],
                },
              },
            },
            // A second rule naming the same target for an overlapping set: still one event.
            {
              QueueArn: 'arn:minio:sqs::1:webhook',
              Events: ['s3:ObjectCreated:*'],
              Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'in/x' }] } },
            },
          ],
        },
      }),
    );
    for (const key of ['out/a.jpg', 'in/a.png', 'in/x.jpg', 'in/dir/b.jpg', 'in/xyz.txt']) {
      await s3.send(new PutObjectCommand({ Bucket: 'flt', Key: key, Body: 'x' }));
    }
    await rx1.waitFor(3);
    // The last put is delivered after the others (one sender, in order): nothing else came.
    expect(rx1.json<TargetEvent>().map((e) => e.Key)).toEqual([
      'flt/in/x.jpg',
      'flt/in/dir/b.jpg',
      'flt/in/xyz.txt',
    ]);
  });
});

describe('access events', () => {
  it('sends s3:ObjectAccessed:Get and :Head for successful reads only', async () => {
    rx1.clear();
    await s3.send(new CreateBucketCommand({ Bucket: 'acc' }));
    const put = await s3.send(new PutObjectCommand({ Bucket: 'acc', Key: 'r.txt', Body: 'read me' }));
    // Subscribed after the put: only the reads below can arrive.
    await subscribe('acc', 'arn:minio:sqs::1:webhook', ['s3:ObjectAccessed:*']);
    const got = await s3.send(new GetObjectCommand({ Bucket: 'acc', Key: 'r.txt' }));
    await got.Body?.transformToString();
    await expect(
      s3.send(new GetObjectCommand({ Bucket: 'acc', Key: 'r.txt', IfNoneMatch: put.ETag })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } });
    await expect(s3.send(new GetObjectCommand({ Bucket: 'acc', Key: 'missing' }))).rejects.toThrow();
    const ranged = await s3.send(new GetObjectCommand({ Bucket: 'acc', Key: 'r.txt', Range: 'bytes=0-3' }));
    await ranged.Body?.transformToString();
    await s3.send(new HeadObjectCommand({ Bucket: 'acc', Key: 'r.txt' }));
    await rx1.waitFor(3);
    const events = rx1.json<TargetEvent>();
    expect(events.map((e) => e.EventName)).toEqual([
      's3:ObjectAccessed:Get',
      's3:ObjectAccessed:Get',
      's3:ObjectAccessed:Head',
    ]);
    expect(events[2]?.Records[0]).toMatchObject({
      eventName: 's3:ObjectAccessed:Head',
      userIdentity: { principalId: root.accessKey },
      s3: { object: { key: 'r.txt', size: 7, eTag: put.ETag?.replace(/"/g, '') } },
    });
  });
});

describe('queue store', () => {
  it('honours queue_limit: a full queue drops later events', async () => {
    await rx3.stop();
    await s3.send(new CreateBucketCommand({ Bucket: 'lim' }));
    await subscribe('lim', 'arn:minio:sqs::3:webhook', ['s3:ObjectCreated:*']);
    for (let i = 0; i < 8; i++) {
      await s3.send(new PutObjectCommand({ Bucket: 'lim', Key: `k${i}`, Body: 'x' }));
    }
    const stats = (): { queued: number; dropped: number } =>
      engine.context.notifications.stats()['arn:minio:sqs:us-east-1:3:webhook'] ?? {
        queued: -1,
        dropped: -1,
      };
    await until('3 dropped events', () => stats().dropped === 3);
    expect(stats().queued).toBe(5);
    expect((await readdir(join(queueDir, 'webhook-3'))).filter((f) => f.endsWith('.event'))).toHaveLength(5);
    expect(logs.some((l) => l.includes('queue store limit of 5 is reached'))).toBe(true);

    await rx3.start();
    await rx3.waitFor(5);
    await until('an empty queue', () => stats().queued === 0);
    await s3.send(new PutObjectCommand({ Bucket: 'lim', Key: 'after', Body: 'x' }));
    await rx3.waitFor(6);
    expect(rx3.json<TargetEvent>().map((e) => e.Key)).toEqual([
      'lim/k0',
      'lim/k1',
      'lim/k2',
      'lim/k3',
      'lim/k4',
      'lim/after',
    ]);
  });

  it('reports a stopped target offline and a started one online', async () => {
    type Info = { services: { notifications: Record<string, Record<string, { status: string }>[]>[] } };
    const statusOf3 = async (): Promise<string | undefined> => {
      const info = (await adminOk(engine, root, 'GET', 'info')) as Info;
      return info.services.notifications[0]?.['webhook']?.find((t) => '3' in t)?.['3']?.status;
    };
    await rx3.stop();
    // Statuses are cached for a few seconds: wait for the flip, bounded by the poll.
    const end = Date.now() + 30_000;
    let status = await statusOf3();
    while (status !== 'offline' && Date.now() < end) status = await statusOf3();
    expect(status).toBe('offline');
    await rx3.start();
    while (status !== 'online' && Date.now() < end) status = await statusOf3();
    expect(status).toBe('online');
  });

  it('keeps 100 events through a target outage and an engine restart, in order', async () => {
    await rx2.stop();
    await s3.send(new CreateBucketCommand({ Bucket: 'outage' }));
    await subscribe('outage', 'arn:minio:sqs::2:webhook', ['s3:ObjectCreated:*']);
    for (let i = 0; i < 100; i++) {
      await s3.send(
        new PutObjectCommand({ Bucket: 'outage', Key: `obj-${String(i).padStart(3, '0')}`, Body: `${i}` }),
      );
    }
    // Restart at once: events answered to the client must not be lost by a clean shutdown.
    s3.destroy();
    await engine.close();
    expect((await readdir(join(queueDir, 'webhook-2'))).filter((f) => f.endsWith('.event'))).toHaveLength(
      100,
    );
    engine = await start();
    s3 = sdkClient(engine.url, root);
    await rx2.start();
    await rx2.waitFor(100);
    const keys = rx2.json<TargetEvent>().map((e) => e.Key);
    expect(keys).toEqual(Array.from({ length: 100 }, (_, i) => `outage/obj-${String(i).padStart(3, '0')}`));
    await until(
      'the queue emptied',
      () => engine.context.notifications.stats()['arn:minio:sqs:us-east-1:2:webhook']?.queued === 0,
    );
  });
});
