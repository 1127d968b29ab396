/**
 * Remote tiers of type `gcs` (issue 12 §3) through the engine's backend on Google's official
 * `@google-cloud/storage` client, against a protocol-level stand-in of GCS's JSON API and its
 * upload/download endpoints (`helpers/standins/gcs.ts`; no GCS emulator runs here — see
 * docs/compatibility.md): the tier is added with a service-account credentials.json (base64, as
 * MinIO takes it), a lifecycle Transition moves an object's bytes into the bucket under the tier's
 * prefix, the source reads them back byte-identical (whole and ranges), and deleting the object
 * removes the GCS object.
 */
import { generateKeyPairSync } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine.js';
import {
  addTier,
  putLifecycle,
  randomBody,
  sleep,
  startTestEngine,
  TEST_DAY_MS,
} from './helpers/lifecycle-setup.js';
import { sdkClient } from './helpers/sdk-client.js';
import { startGcsStandin, type GcsStandin } from './helpers/standins/gcs.js';

const root = { accessKey: 'gcsroot', secretKey: 'gcs-root-secret-123456' };
let engine: Engine;
let dir: string;
let s3: S3Client;
let gcs: GcsStandin;

function credentialsJson(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const creds = {
    type: 'service_account',
    project_id: 'coffer-test',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'tier@coffer-test.iam.gserviceaccount.com',
    client_id: '1',
    token_uri: 'http://127.0.0.1:9/token',
  };
  return Buffer.from(JSON.stringify(creds)).toString('base64');
}

async function read(key: string, range?: string, versionId?: string): Promise<Buffer> {
  const out = await s3.send(
    new GetObjectCommand({
      Bucket: 'hot',
      Key: key,
      ...(range ? { Range: range } : {}),
      ...(versionId ? { VersionId: versionId } : {}),
    }),
  );
  return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
}

function gcsNames(): string[] {
  return [...(gcs.buckets.get('warm')?.keys() ?? [])];
}

beforeAll(async () => {
  [gcs, { engine, dir }] = await Promise.all([startGcsStandin(['warm']), startTestEngine('tier-gcs', root)]);
  s3 = sdkClient(engine.url, root);
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  await gcs?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('transition to a GCS tier (protocol stand-in)', () => {
  it('moves noncurrent bytes into the bucket and reads them back through the engine', async () => {
    const tier = {
      Version: 'v1',
      Type: 'gcs',
      Name: 'GCS',
      GCS: {
        Endpoint: gcs.url,
        Creds: credentialsJson(),
        Bucket: 'warm',
        Prefix: 'tier',
        Region: 'us-east1',
      },
    };
    const missing = await addTier(engine, root, {
      ...tier,
      Name: 'NOBUCKET',
      GCS: { ...tier.GCS, Bucket: 'absent' },
    });
    expect(missing.json).toMatchObject({ Code: 'XMinioAdminTierBucketNotFound' });
    expect((await addTier(engine, root, tier)).status).toBe(204);

    // A versioned bucket: the old version becomes noncurrent and moves (NoncurrentVersionTransition).
    const old = randomBody(150 * 1024 + 11, 9);
    await s3.send(new CreateBucketCommand({ Bucket: 'hot' }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'hot', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const first = await s3.send(new PutObjectCommand({ Bucket: 'hot', Key: 'doc.bin', Body: old }));
    await s3.send(new PutObjectCommand({ Bucket: 'hot', Key: 'doc.bin', Body: 'current stays local' }));
    const rule =
      '<Rule><ID>g</ID><Status>Enabled</Status><Filter></Filter><NoncurrentVersionTransition><NoncurrentDays>1</NoncurrentDays><StorageClass>GCS</StorageClass></NoncurrentVersionTransition></Rule>';
    expect((await putLifecycle(engine, root, 'hot', rule)).status).toBe(200);
    await engine.scanUsage();
    expect(gcsNames()).toEqual([]);
    await sleep(TEST_DAY_MS + 50);
    await engine.scanUsage();

    const names = gcsNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^tier\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(
      gcs.buckets
        .get('warm')
        ?.get(names[0] ?? '')
        ?.data.equals(old),
    ).toBe(true);

    const versionId = first.VersionId ?? '';
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: 'hot', Key: 'doc.bin', VersionId: versionId }),
    );
    expect(head.StorageClass).toBe('GCS');
    expect(
      (await s3.send(new HeadObjectCommand({ Bucket: 'hot', Key: 'doc.bin' }))).StorageClass,
    ).toBeUndefined();
    expect((await read('doc.bin', undefined, versionId)).equals(old)).toBe(true);
    expect((await read('doc.bin', 'bytes=4096-8191', versionId)).equals(old.subarray(4096, 8192))).toBe(true);
    expect((await read('doc.bin')).toString()).toBe('current stays local');

    await s3.send(new DeleteObjectCommand({ Bucket: 'hot', Key: 'doc.bin', VersionId: versionId }));
    for (let i = 0; i < 50 && gcsNames().length > 0; i++) await sleep(50);
    expect(gcsNames()).toEqual([]);
    expect(gcs.errors).toEqual([]);
  });
});
