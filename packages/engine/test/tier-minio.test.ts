/**
 * Remote tiers of type `minio` (issue 12 §3), end to end between two in-process engines: the
 * admin tier API as madmin calls it (encrypted add and edit, redacted list, verify, stats,
 * remove), then a lifecycle Transition that moves an object's bytes to the second engine (named
 * `ab/cd/<uuid>` under the tier's prefix), while the source keeps its metadata: HEAD shows the
 * tier as storage class, GET and ranges read back byte-identical through the source, a multipart
 * object's parts too, RestoreObject brings a copy back, and deleting the object removes the copy
 * on the tier.
 */
import { rm } from 'node:fs/promises';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine.js';
import { adminCall } from './helpers/admin-calls.js';
import {
  addTier,
  encryptedCall,
  minioTier,
  putLifecycle,
  randomBody,
  startTestEngine,
} from './helpers/lifecycle-setup.js';
import { sdkClient } from './helpers/sdk-client.js';
import { signedRequest } from './helpers/signed-request.js';

const root = { accessKey: 'tiersrcroot', secretKey: 'tier-src-secret-123456' };
const remoteRoot = { accessKey: 'tierdstroot', secretKey: 'tier-dst-secret-123456' };
let source: Engine;
let remote: Engine;
const dirs: string[] = [];
let s3: S3Client;
let remoteS3: S3Client;

async function remoteKeys(bucket: string, prefix = ''): Promise<string[]> {
  const out = await remoteS3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((c) => c.Key ?? '');
}

async function read(bucket: string, key: string, range?: string): Promise<Buffer> {
  const out = await s3.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) }),
  );
  return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
}

beforeAll(async () => {
  const a = await startTestEngine('tier-src', root);
  const b = await startTestEngine('tier-dst', remoteRoot);
  source = a.engine;
  remote = b.engine;
  dirs.push(a.dir, b.dir);
  s3 = sdkClient(source.url, root);
  remoteS3 = sdkClient(remote.url, remoteRoot);
  await remoteS3.send(new CreateBucketCommand({ Bucket: 'warm' }));
  await remoteS3.send(new CreateBucketCommand({ Bucket: 'busy' }));
  await remoteS3.send(new PutObjectCommand({ Bucket: 'busy', Key: 'someone-else', Body: 'x' }));
});

afterAll(async () => {
  s3?.destroy();
  remoteS3?.destroy();
  await source?.close();
  await remote?.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('admin tier API', () => {
  it('adds, lists (redacted), verifies, edits credentials and refuses unusable remotes as MinIO does', async () => {
    // Name, version and type rules are unit-tested (src/tier/tier-config.test.ts); these need the remote.
    const wrongKeys = await addTier(
      source,
      root,
      minioTier('WRONG', remote, { accessKey: 'nobody', secretKey: 'nothing-here-1' }, 'warm'),
    );
    expect(wrongKeys.json).toMatchObject({ Code: 'XMinioAdminTierInvalidCredentials' });
    const noBucket = await addTier(source, root, minioTier('NOBUCKET', remote, remoteRoot, 'absent'));
    expect(noBucket.json).toMatchObject({ Code: 'XMinioAdminTierBucketNotFound' });
    const busy = await addTier(source, root, minioTier('BUSY', remote, remoteRoot, 'busy'));
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ Code: 'XMinioAdminTierBackendInUse' });

    // madmin's default envelope (Argon2id) for this one; the others use its PBKDF2 form.
    const added = await adminCall(source, root, 'PUT', 'tier', {
      body: minioTier('WARM', remote, remoteRoot, 'warm', 'tiered/'),
      encrypt: true,
    });
    expect(added.status).toBe(204);
    const again = await addTier(source, root, minioTier('WARM', remote, remoteRoot, 'warm', 'tiered/'));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ Code: 'XMinioAdminTierAlreadyExists' });

    const list = await adminCall(source, root, 'GET', 'tier');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-minio-tiercfg-refreshedat')).toBeTruthy();
    expect(list.json).toEqual([
      {
        Version: 'v1',
        Type: 'minio',
        Name: 'WARM',
        S3: {},
        Azure: { SPAuth: {} },
        GCS: {},
        MinIO: {
          Endpoint: remote.url,
          AccessKey: remoteRoot.accessKey,
          SecretKey: 'REDACTED',
          Bucket: 'warm',
          Prefix: 'tiered/',
        },
      },
    ]);
    expect((await adminCall(source, root, 'GET', 'tier/WARM')).status).toBe(204);
    expect((await adminCall(source, root, 'GET', 'tier/NONE')).json).toMatchObject({
      Code: 'XMinioAdminTierNotFound',
    });

    // New credentials are tried before they are kept.
    const badCreds = await encryptedCall(source, root, 'POST', 'tier/WARM', {
      access: 'nobody',
      secret: 'nothing-here-1',
    });
    expect(badCreds.json).toMatchObject({ Code: 'XMinioAdminTierInvalidCredentials' });
    const goodCreds = await encryptedCall(source, root, 'POST', 'tier/WARM', {
      access: remoteRoot.accessKey,
      secret: remoteRoot.secretKey,
    });
    expect(goodCreds.status).toBe(204);
  });
});

describe('transition to a MinIO tier', () => {
  const bucket = 'hot';
  const small = randomBody(300 * 1024, 1);
  const part1 = randomBody(5 * 1024 * 1024, 2);
  const part2 = randomBody(1024 * 1024 + 17, 3);
  const sealed = randomBody(100 * 1024, 4);

  it('moves the bytes to the tier and reads them back through the source, ranges and parts included', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'cold/one.bin', Body: small, Metadata: { owner: 'ann' } }),
    );
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'hot/stay.bin', Body: 'stays local' }));
    // Encrypted at rest: the tier receives the sealed bytes, never the plaintext.
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'cold/sealed.bin',
        Body: sealed,
        ServerSideEncryption: 'AES256',
      }),
    );
    const upload = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'cold/multi.bin' }));
    const etags = [];
    for (const [i, body] of [part1, part2].entries()) {
      const out = await s3.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: 'cold/multi.bin',
          UploadId: upload.UploadId,
          PartNumber: i + 1,
          Body: body,
        }),
      );
      etags.push(out.ETag);
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'cold/multi.bin',
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    const before = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cold/multi.bin' }));

    const rule =
      '<Rule><ID>cold</ID><Status>Enabled</Status><Filter><Prefix>cold/</Prefix></Filter><Transition><Days>0</Days><StorageClass>WARM</StorageClass></Transition></Rule>';
    expect((await putLifecycle(source, root, bucket, rule)).status).toBe(200);
    expect(await remoteKeys('warm')).toEqual([]);
    const usage = await source.scanUsage();

    // Three objects on the tier, named as MinIO names them, under the tier's prefix.
    const remoteNames = await remoteKeys('warm');
    expect(remoteNames).toHaveLength(3);
    for (const name of remoteNames) expect(name).toMatch(/^tiered\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const remoteSizes = (await remoteS3.send(new ListObjectsV2Command({ Bucket: 'warm' }))).Contents?.map(
      (c) => c.Size,
    ).sort();
    expect(remoteSizes).toContain(small.length);
    expect(remoteSizes).toContain(part1.length + part2.length);
    const sealedName = (await remoteS3.send(new ListObjectsV2Command({ Bucket: 'warm' }))).Contents?.find(
      (c) => c.Size !== small.length && c.Size !== part1.length + part2.length,
    )?.Key;
    const remoteSealed = await remoteS3.send(new GetObjectCommand({ Bucket: 'warm', Key: sealedName }));
    const sealedBytes = Buffer.from((await remoteSealed.Body?.transformToByteArray()) ?? []);
    expect(sealedBytes.length).toBeGreaterThan(sealed.length);
    expect(sealedBytes.includes(sealed.subarray(0, 64))).toBe(false);
    expect((await read(bucket, 'cold/sealed.bin')).equals(sealed)).toBe(true);
    expect(
      (await read(bucket, 'cold/sealed.bin', 'bytes=70000-70099')).equals(sealed.subarray(70000, 70100)),
    ).toBe(true);

    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cold/multi.bin' }));
    expect(head.StorageClass).toBe('WARM');
    expect(head.ContentLength).toBe(part1.length + part2.length);
    expect(head.ETag).toBe(before.ETag);
    expect(head.PartsCount).toBe(2);
    const headOne = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cold/one.bin' }));
    expect(headOne.Metadata).toEqual({ owner: 'ann' });
    expect(
      (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'hot/stay.bin' }))).StorageClass,
    ).toBeUndefined();

    expect((await read(bucket, 'cold/one.bin')).equals(small)).toBe(true);
    expect((await read(bucket, 'cold/one.bin', 'bytes=1000-2999')).equals(small.subarray(1000, 3000))).toBe(
      true,
    );
    const whole = Buffer.concat([part1, part2]);
    expect((await read(bucket, 'cold/multi.bin')).equals(whole)).toBe(true);
    const across = `bytes=${part1.length - 10}-${part1.length + 9}`;
    expect(
      (await read(bucket, 'cold/multi.bin', across)).equals(
        whole.subarray(part1.length - 10, part1.length + 10),
      ),
    ).toBe(true);
    const secondPart = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'cold/multi.bin', PartNumber: 2 }),
    );
    expect(Buffer.from((await secondPart.Body?.transformToByteArray()) ?? []).equals(part2)).toBe(true);

    // Listings show the tier too, and the stats count what it holds.
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'cold/' }));
    expect(listed.Contents?.map((c) => c.StorageClass)).toEqual(['WARM', 'WARM', 'WARM']);
    expect(usage.tierStats?.WARM).toMatchObject({
      numObjects: 3,
      numVersions: 3,
      totalSize: small.length + whole.length + sealed.length,
    });
    const stats = await adminCall(source, root, 'GET', 'tier-stats');
    expect(stats.json).toEqual([
      expect.objectContaining({ Name: 'STANDARD', Type: 'internal' }),
      expect.objectContaining({
        Name: 'WARM',
        Type: 'minio',
        Stats: { totalSize: small.length + whole.length + sealed.length, numVersions: 3, numObjects: 3 },
      }),
    ]);
    const info = await adminCall(source, root, 'GET', 'datausageinfo');
    expect(info.json).toMatchObject({ tierStats: { Tiers: { WARM: { NumObjects: 3 } } } });
  });

  it('restores a transitioned object with x-amz-restore; deleting it (or its bucket, forced) removes the tier copy', async () => {
    const notTiered = await signedRequest(source.url, root, {
      method: 'POST',
      path: `/${bucket}/hot/stay.bin?restore`,
      body: '<RestoreRequest><Days>1</Days></RestoreRequest>',
    });
    expect(notTiered.status).toBe(403);
    expect(notTiered.body).toContain('<Code>InvalidObjectState</Code>');

    const restore = await signedRequest(source.url, root, {
      method: 'POST',
      path: `/${bucket}/cold/one.bin?restore`,
      body: '<RestoreRequest><Days>2</Days></RestoreRequest>',
    });
    expect(restore.status).toBe(202);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cold/one.bin' }));
    expect(head.Restore).toMatch(/^ongoing-request="false", expiry-date=".+ GMT"$/);
    expect((await read(bucket, 'cold/one.bin', 'bytes=5-15')).equals(small.subarray(5, 16))).toBe(true);
    const again = await signedRequest(source.url, root, {
      method: 'POST',
      path: `/${bucket}/cold/one.bin?restore`,
      body: '<RestoreRequest><Days>3</Days></RestoreRequest>',
    });
    expect(again.status).toBe(200);

    // A bucket removed with force takes its tier copies with it.
    await s3.send(new CreateBucketCommand({ Bucket: 'doomed' }));
    await s3.send(new PutObjectCommand({ Bucket: 'doomed', Key: 'x.bin', Body: randomBody(1000, 5) }));
    const all =
      '<Rule><ID>all</ID><Status>Enabled</Status><Filter></Filter><Transition><Days>0</Days><StorageClass>WARM</StorageClass></Transition></Rule>';
    expect((await putLifecycle(source, root, 'doomed', all)).status).toBe(200);
    await source.scanUsage();
    expect(await remoteKeys('warm')).toHaveLength(4);
    const removed = await signedRequest(source.url, root, {
      method: 'DELETE',
      path: '/doomed',
      headers: { 'x-minio-force-delete': 'true' },
    });
    expect(removed.status).toBe(204);
    for (let i = 0; i < 50 && (await remoteKeys('warm')).length > 3; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await remoteKeys('warm')).toHaveLength(3);

    // The tier still refuses removal while it holds objects.
    const busy = await adminCall(source, root, 'DELETE', 'tier/WARM');
    expect(busy.json).toMatchObject({ Code: 'XMinioAdminTierBackendNotEmpty' });

    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'cold/one.bin' }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'cold/multi.bin' }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'cold/sealed.bin' }));
    // The tier copies go right after the delete (asynchronously).
    for (let i = 0; i < 50 && (await remoteKeys('warm')).length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await remoteKeys('warm')).toEqual([]);
    expect((await adminCall(source, root, 'DELETE', 'tier/WARM')).status).toBe(204);
    expect((await adminCall(source, root, 'GET', 'tier')).json).toEqual([]);
  });
});
