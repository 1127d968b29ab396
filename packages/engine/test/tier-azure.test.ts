/**
 * Remote tiers of type `azure` (issue 12 §3) against Azurite, Microsoft's emulator, through the
 * engine's backend on Microsoft's official `@azure/storage-blob` SDK: the tier is added with the
 * emulator's development account, a lifecycle Transition moves an object's bytes into the
 * container under the tier's prefix, the source reads them back byte-identical (whole and ranges),
 * and deleting the object removes the blob.
 */
import { rm } from 'node:fs/promises';
import { BlobServiceClient, StorageSharedKeyCredential, type ContainerClient } from '@azure/storage-blob';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine.js';
import { addTier, putLifecycle, randomBody, startTestEngine } from './helpers/lifecycle-setup.js';
import { sdkClient } from './helpers/sdk-client.js';
import { AZURITE_ACCOUNT, AZURITE_KEY, startAzurite, type Azurite } from './helpers/servers/azurite.js';

const root = { accessKey: 'azureroot', secretKey: 'azure-root-secret-123456' };
let engine: Engine;
let dir: string;
let s3: S3Client;
let azurite: Azurite;
let container: ContainerClient;

async function blobNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const blob of container.listBlobsFlat()) names.push(blob.name);
  return names;
}

async function read(key: string, range?: string): Promise<Buffer> {
  const out = await s3.send(
    new GetObjectCommand({ Bucket: 'hot', Key: key, ...(range ? { Range: range } : {}) }),
  );
  return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
}

beforeAll(async () => {
  [azurite, { engine, dir }] = await Promise.all([startAzurite(), startTestEngine('tier-azure', root)]);
  s3 = sdkClient(engine.url, root);
  const service = new BlobServiceClient(
    `${azurite.url}/${AZURITE_ACCOUNT}`,
    new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
  );
  container = service.getContainerClient('warm');
  await container.create();
}, 60_000);

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  await azurite?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('transition to an Azure tier (Azurite)', () => {
  it('moves the bytes into the container and reads them back through the engine', async () => {
    const tier = {
      Version: 'v1',
      Type: 'azure',
      Name: 'AZURE',
      Azure: {
        Endpoint: azurite.url,
        AccountName: AZURITE_ACCOUNT,
        AccountKey: AZURITE_KEY,
        Bucket: 'warm',
        Prefix: 'cold',
      },
    };
    const missing = await addTier(engine, root, {
      ...tier,
      Name: 'NOCONTAINER',
      Azure: { ...tier.Azure, Bucket: 'absent' },
    });
    expect(missing.json).toMatchObject({ Code: 'XMinioAdminTierBucketNotFound' });
    expect((await addTier(engine, root, tier)).status).toBe(204);

    const body = randomBody(200 * 1024 + 3, 7);
    await s3.send(new CreateBucketCommand({ Bucket: 'hot' }));
    await s3.send(
      new PutObjectCommand({ Bucket: 'hot', Key: 'a/blob.bin', Body: body, ContentType: 'image/png' }),
    );
    const rule =
      '<Rule><ID>az</ID><Status>Enabled</Status><Filter><Prefix>a/</Prefix></Filter><Transition><Days>0</Days><StorageClass>AZURE</StorageClass></Transition></Rule>';
    expect((await putLifecycle(engine, root, 'hot', rule)).status).toBe(200);
    expect(await blobNames()).toEqual([]);
    await engine.scanUsage();

    const names = await blobNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^cold\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const stored = await container.getBlobClient(names[0] ?? '').downloadToBuffer();
    expect(stored.equals(body)).toBe(true);

    const head = await s3.send(new HeadObjectCommand({ Bucket: 'hot', Key: 'a/blob.bin' }));
    expect(head.StorageClass).toBe('AZURE');
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(body.length);
    expect((await read('a/blob.bin')).equals(body)).toBe(true);
    expect((await read('a/blob.bin', 'bytes=100000-100099')).equals(body.subarray(100000, 100100))).toBe(
      true,
    );
    expect((await read('a/blob.bin', `bytes=-10`)).equals(body.subarray(body.length - 10))).toBe(true);

    await s3.send(new DeleteObjectCommand({ Bucket: 'hot', Key: 'a/blob.bin' }));
    for (let i = 0; i < 50 && (await blobNames()).length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await blobNames()).toEqual([]);
  });
});
