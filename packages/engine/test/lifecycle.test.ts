/**
 * Bucket lifecycle run by the scanner (issue 12 §2), end to end on an in-process engine whose
 * lifecycle day is shortened (`lifecycleDayMs`, as `COFFER_ILM_DAY_SECONDS` does for the CLI):
 * the configuration goes in as S3 XML with its Content-MD5, objects go in with the AWS SDK, a
 * scanner cycle (`scanUsage()`) applies the rules, and the listings show the outcome — expiry of
 * current versions (unversioned: removed; versioned: a delete marker), noncurrent expiry with
 * NewerNoncurrentVersions, expired delete markers, filters (prefix, tag, size), versions under
 * retention or legal hold kept, incomplete multipart uploads aborted.
 */
import { rm } from 'node:fs/promises';
import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine.js';
import { sdkClient } from './helpers/sdk-client.js';
import { signedRequest } from './helpers/signed-request.js';
import { putLifecycle, sleep, startTestEngine, TEST_DAY_MS } from './helpers/lifecycle-setup.js';

const root = { accessKey: 'ilmroot', secretKey: 'ilm-root-secret-123456' };
let engine: Engine;
let dir: string;
let s3: S3Client;

async function versions(bucket: string): Promise<{ live: string[]; markers: string[] }> {
  const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
  return {
    live: (out.Versions ?? []).map((v) => `${v.Key ?? ''}${v.IsLatest === true ? '*' : ''}`),
    markers: (out.DeleteMarkers ?? []).map((m) => `${m.Key ?? ''}${m.IsLatest === true ? '*' : ''}`),
  };
}

async function put(
  bucket: string,
  key: string,
  body: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const out = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ...extra }));
  return out.VersionId ?? 'null';
}

/** Waits past `days` lifecycle days, then runs one scanner cycle. */
async function afterDays(days: number): Promise<void> {
  await sleep(days * TEST_DAY_MS + 50);
  await engine.scanUsage();
}

beforeAll(async () => {
  ({ engine, dir } = await startTestEngine('lifecycle', root));
  s3 = sdkClient(engine.url, root);
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('PutBucketLifecycleConfiguration', () => {
  it('needs Content-MD5, refuses unknown tiers and bad rules, and stores what Get answers', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'lc-put' }));
    const rule =
      '<Rule><ID>r1</ID><Status>Enabled</Status><Filter><Prefix>a/</Prefix></Filter><Expiration><Days>3</Days></Expiration></Rule>';
    const noMd5 = await signedRequest(engine.url, root, {
      method: 'PUT',
      path: '/lc-put?lifecycle',
      body: `<LifecycleConfiguration>${rule}</LifecycleConfiguration>`,
    });
    expect(noMd5.status).toBe(400);
    expect(noMd5.body).toContain('<Code>MissingContentMD5</Code>');

    const unknownTier = await putLifecycle(
      engine,
      root,
      'lc-put',
      '<Rule><ID>t</ID><Status>Enabled</Status><Filter></Filter><Transition><Days>1</Days><StorageClass>NOPE</StorageClass></Transition></Rule>',
    );
    expect(unknownTier.status).toBe(400);
    expect(unknownTier.body).toContain('<Code>InvalidStorageClass</Code>');

    const noAction = await putLifecycle(
      engine,
      root,
      'lc-put',
      '<Rule><ID>x</ID><Status>Enabled</Status><Filter></Filter></Rule>',
    );
    expect(noAction.status).toBe(400);
    expect(noAction.body).toContain('<Code>InvalidArgument</Code>');

    expect((await putLifecycle(engine, root, 'lc-put', rule)).status).toBe(200);
    const got = await signedRequest(engine.url, root, { method: 'GET', path: '/lc-put?lifecycle' });
    expect(got.status).toBe(200);
    expect(got.body).toContain('<ID>r1</ID>');
  });
});

describe('lifecycle run by the scanner', () => {
  it('expires current objects after Days, only those the filter (prefix, tag, size) selects', async () => {
    const bucket = 'lc-expire';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await put(bucket, 'logs/old.txt', 'x'.repeat(10));
    await put(bucket, 'logs/big.txt', 'x'.repeat(5000));
    await put(bucket, 'keep/old.txt', 'x'.repeat(10));
    await put(bucket, 'tagged/a.txt', 'tagged', { Tagging: 'class=tmp' });
    await put(bucket, 'tagged/b.txt', 'other', { Tagging: 'class=keep' });
    const rules =
      '<Rule><ID>logs</ID><Status>Enabled</Status><Filter><And><Prefix>logs/</Prefix><ObjectSizeLessThan>1000</ObjectSizeLessThan></And></Filter><Expiration><Days>1</Days></Expiration></Rule>' +
      '<Rule><ID>tags</ID><Status>Enabled</Status><Filter><Tag><Key>class</Key><Value>tmp</Value></Tag></Filter><Expiration><Days>1</Days></Expiration></Rule>' +
      '<Rule><ID>off</ID><Status>Disabled</Status><Filter><Prefix>keep/</Prefix></Filter><Expiration><Days>1</Days></Expiration></Rule>';
    expect((await putLifecycle(engine, root, bucket, rules)).status).toBe(200);

    // Not yet a day old: nothing happens.
    await engine.scanUsage();
    expect((await versions(bucket)).live).toHaveLength(5);

    await afterDays(1);
    const after = await versions(bucket);
    expect(after.live.sort()).toEqual(['keep/old.txt*', 'logs/big.txt*', 'tagged/b.txt*']);
    expect(after.markers).toEqual([]);
  });

  it('adds a delete marker in a versioned bucket, and removes a delete marker left alone', async () => {
    const bucket = 'lc-versioned';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await put(bucket, 'doc.txt', 'v1');
    const lonely = await put(bucket, 'gone.txt', 'v1');
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'gone.txt' }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'gone.txt', VersionId: lonely }));
    expect((await versions(bucket)).markers).toEqual(['gone.txt*']);
    const rules =
      '<Rule><ID>doc</ID><Status>Enabled</Status><Filter><Prefix>doc</Prefix></Filter><Expiration><Days>1</Days></Expiration></Rule>' +
      '<Rule><ID>markers</ID><Status>Enabled</Status><Filter><Prefix>gone</Prefix></Filter><Expiration><ExpiredObjectDeleteMarker>true</ExpiredObjectDeleteMarker></Expiration></Rule>';
    expect((await putLifecycle(engine, root, bucket, rules)).status).toBe(200);
    await afterDays(1);
    const after = await versions(bucket);
    // The document's data stays as a noncurrent version under a new marker; the lone marker went.
    expect(after.live).toEqual(['doc.txt']);
    expect(after.markers).toEqual(['doc.txt*']);
  });

  it('expires noncurrent versions after NoncurrentDays, keeping NewerNoncurrentVersions', async () => {
    const bucket = 'lc-noncurrent';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const ids = [];
    for (const body of ['one', 'two', 'three', 'four']) ids.push(await put(bucket, 'k', body));
    const rules =
      '<Rule><ID>nc</ID><Status>Enabled</Status><Filter></Filter><NoncurrentVersionExpiration><NoncurrentDays>1</NoncurrentDays><NewerNoncurrentVersions>1</NewerNoncurrentVersions></NoncurrentVersionExpiration></Rule>';
    expect((await putLifecycle(engine, root, bucket, rules)).status).toBe(200);
    await afterDays(1);
    const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    // Current "four" and the newest noncurrent "three" stay; "two" and "one" are gone.
    expect((out.Versions ?? []).map((v) => v.VersionId)).toEqual([ids[3], ids[2]]);
    const current = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }));
    expect(await current.Body?.transformToString()).toBe('four');
  });

  it('never expires a version under retention or legal hold', async () => {
    const bucket = 'lc-locked';
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    const until = new Date(Date.now() + 86_400_000);
    const retained = await put(bucket, 'retained.txt', 'keep me', {
      ObjectLockMode: 'COMPLIANCE',
      ObjectLockRetainUntilDate: until,
    });
    const held = await put(bucket, 'held.txt', 'hold me', { ObjectLockLegalHoldStatus: 'ON' });
    const free = await put(bucket, 'free.txt', 'let me go');
    const rules =
      '<Rule><ID>all</ID><Status>Enabled</Status><Filter></Filter><Expiration><Days>1</Days></Expiration><NoncurrentVersionExpiration><NoncurrentDays>1</NoncurrentDays></NoncurrentVersionExpiration></Rule>';
    expect((await putLifecycle(engine, root, bucket, rules)).status).toBe(200);
    // First cycle: delete markers over the current versions; second: the noncurrent ones are due.
    await afterDays(1);
    await afterDays(1);
    const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    const left = (out.Versions ?? []).map((v) => v.VersionId).sort();
    expect(left).toEqual([retained, held].sort());
    expect(left).not.toContain(free);
    const read = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'retained.txt', VersionId: retained }),
    );
    expect(await read.Body?.transformToString()).toBe('keep me');
  });

  it('aborts incomplete multipart uploads after DaysAfterInitiation', async () => {
    const bucket = 'lc-uploads';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'tmp/part.bin' }));
    await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'keep/part.bin' }));
    const rules =
      '<Rule><ID>mpu</ID><Status>Enabled</Status><Filter><Prefix>tmp/</Prefix></Filter><AbortIncompleteMultipartUpload><DaysAfterInitiation>1</DaysAfterInitiation></AbortIncompleteMultipartUpload></Rule>';
    expect((await putLifecycle(engine, root, bucket, rules)).status).toBe(200);
    await afterDays(1);
    const out = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    expect((out.Uploads ?? []).map((u) => u.Key)).toEqual(['keep/part.bin']);
  });
});
