/**
 * FIFO bucket quota, end to end (MinIO's 2021 semantics): an engine started in-process with
 * `createEngine` (4 temp drives, port 0); the quota set through admin `set-bucket-quota` signed as
 * madmin signs it (`helpers/admin-calls.ts`: SigV4, service `s3`, empty region,
 * `{"quota":N,"quotatype":"fifo"}`);
 * objects uploaded with the AWS SDK v3 past the quota (the writes succeed); then a scanner cycle
 * (`engine.scanUsage()`) removes the oldest versions until the bucket is back within its quota,
 * keeps versions under retention or legal hold, and publishes `s3:ObjectRemoved:Delete` for each
 * removal with no request origin.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import type { ObjectEvent } from '../src/events/index.js';
import { getBucketQuota, setBucketQuota } from './helpers/admin-calls.js';
import { recorder } from './helpers/event-recorder.js';
import { sdkClient } from './helpers/sdk-client.js';

const root = { accessKey: 'fiforoot', secretKey: 'fifo-root-secret-123456' };
const KiB = 1024;
const DAY = 86_400_000;

let dir: string;
let engine: Engine;
let s3: S3Client;
const logs: string[] = [];

async function setFifoQuota(bucket: string, bytes: number): Promise<void> {
  const answer = await setBucketQuota(engine, root, bucket, { quota: bytes, quotatype: 'fifo' });
  expect(answer.status).toBe(200);
}

/** Upload `count` objects of `size` bytes, one after another (so each is younger than the last). */
async function upload(bucket: string, prefix: string, count: number, size: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${i}`, Body: Buffer.alloc(size, 0x61 + i) }),
    );
  }
}

/** Every version (key@versionId) and delete marker of a bucket. */
async function listing(bucket: string): Promise<{ versions: string[]; keys: string[]; markers: number }> {
  const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
  const versions = (out.Versions ?? []).map((v) => `${v.Key ?? ''}@${v.VersionId ?? ''}`);
  const keys = [...new Set((out.Versions ?? []).map((v) => v.Key ?? ''))].sort();
  return { versions, keys, markers: out.DeleteMarkers?.length ?? 0 };
}

function removals(events: ObjectEvent[], bucket: string): ObjectEvent[] {
  return events.filter((e) => e.bucket === bucket && e.name.startsWith('s3:ObjectRemoved:'));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-fifo-quota-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    log: (line) => logs.push(line),
    // Only the start-up scan and the ones the tests ask for.
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
  });
  // Let the start-up scan finish, so the tests' scans are their own.
  await engine.scanUsage();
  s3 = sdkClient(engine.url, root);
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('FIFO bucket quota', () => {
  it('accepts writes past the quota, then a scan removes the oldest objects until the bucket fits', async () => {
    const bucket = 'fifo-plain';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await setFifoQuota(bucket, 10 * KiB);
    const stored = await getBucketQuota(engine, root, bucket);
    expect(stored.json).toMatchObject({ quota: 10 * KiB, size: 10 * KiB, quotatype: 'fifo' });

    // 8 × 2 KiB = 16 KiB into a 10 KiB FIFO bucket: every write succeeds.
    await upload(bucket, 'obj-', 8, 2 * KiB);
    expect((await listing(bucket)).keys).toHaveLength(8);

    const seen = recorder();
    const unsubscribe = engine.events.subscribe({ bucket }, seen.handler, { name: 'fifo-test' });
    try {
      const usage = await engine.scanUsage();
      // 6 KiB over: the three oldest go, the five newest stay, and the stored figures are the trimmed ones.
      expect((await listing(bucket)).keys).toEqual(['obj-3', 'obj-4', 'obj-5', 'obj-6', 'obj-7']);
      expect(usage.buckets[bucket]?.size).toBe(10 * KiB);
      expect(usage.buckets[bucket]?.objectsCount).toBe(5);
      expect((await engine.objectLayer.dataUsage()).buckets[bucket]?.size).toBeLessThanOrEqual(10 * KiB);

      const events = removals(await seen.waitFor(3), bucket);
      expect(events.map((e) => [e.name, e.key])).toEqual([
        ['s3:ObjectRemoved:Delete', 'obj-0'],
        ['s3:ObjectRemoved:Delete', 'obj-1'],
        ['s3:ObjectRemoved:Delete', 'obj-2'],
      ]);
      for (const e of events) {
        expect(e.origin).toBeUndefined();
        expect(e.record.requestParameters.sourceIPAddress).toBe('');
      }
    } finally {
      unsubscribe();
    }
    expect(logs.some((l) => l.includes(`fifo quota: bucket ${bucket}`) && l.includes('obj-0'))).toBe(true);

    // Back within the quota: the next scan removes nothing.
    await engine.scanUsage();
    expect((await listing(bucket)).keys).toHaveLength(5);
  });

  it('removes the oldest versions of a versioned bucket, never a locked one, and adds no delete markers', async () => {
    const bucket = 'fifo-locked';
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
    // The two oldest objects are locked: one under compliance retention, one under legal hold.
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'retained',
        Body: Buffer.alloc(2 * KiB, 1),
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: new Date(Date.now() + DAY),
      }),
    );
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'held',
        Body: Buffer.alloc(2 * KiB, 2),
        ObjectLockLegalHoldStatus: 'ON',
      }),
    );
    // Then two versions of `doc` and two more objects: 12 KiB in all.
    await upload(bucket, 'doc', 1, 2 * KiB);
    await upload(bucket, 'doc', 1, 2 * KiB);
    await upload(bucket, 'new-', 2, 2 * KiB);
    await setFifoQuota(bucket, 6 * KiB);
    const before = await listing(bucket);
    expect(before.versions).toHaveLength(6);

    const seen = recorder();
    const unsubscribe = engine.events.subscribe({ bucket }, seen.handler, { name: 'fifo-lock-test' });
    try {
      const usage = await engine.scanUsage();
      const after = await listing(bucket);
      // 6 KiB to free; the locked pair is passed over: both versions of doc0 and new-0 go.
      expect(after.keys).toEqual(['held', 'new-1', 'retained']);
      expect(after.markers).toBe(0);
      expect(usage.buckets[bucket]?.size).toBe(6 * KiB);

      const events = removals(await seen.waitFor(3), bucket);
      expect(events.map((e) => e.name)).toEqual(Array(3).fill('s3:ObjectRemoved:Delete'));
      // Each names the version removed: the older doc0 version first.
      const removed = events.map((e) => `${e.key}@${e.versionId ?? ''}`);
      expect(removed.slice(0, 2).map((r) => r.split('@')[0])).toEqual(['doc0', 'doc0']);
      expect(removed[2]?.startsWith('new-0@')).toBe(true);
      expect(before.versions.filter((v) => !after.versions.includes(v)).sort()).toEqual([...removed].sort());
    } finally {
      unsubscribe();
    }
    expect(logs.some((l) => l.includes(`fifo quota: bucket ${bucket}`) && l.includes('2 locked'))).toBe(true);
  });

  it('leaves a bucket alone once its FIFO quota becomes a hard one, which refuses writes instead', async () => {
    const bucket = 'fifo-to-hard';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await setFifoQuota(bucket, 4 * KiB);
    await upload(bucket, 'x', 3, 2 * KiB);
    const answer = await setBucketQuota(engine, root, bucket, { quota: 4 * KiB, quotatype: 'hard' });
    expect(answer.status).toBe(200);
    await engine.scanUsage();
    expect((await listing(bucket)).keys).toEqual(['x0', 'x1', 'x2']);
    await expect(
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'more', Body: Buffer.alloc(KiB) })),
    ).rejects.toMatchObject({ name: 'XMinioAdminBucketQuotaExceeded' });
  });
});
