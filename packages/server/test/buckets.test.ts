/**
 * Buckets through the console against the real engine: create (plain, versioned, locked), list
 * (search, pages, sizes once the usage report has them), versioning state, delete (empty, not
 * empty, missing), the create options (default retention, hard and fifo quotas) as the engine
 * stores them, and a setting the server refuses answered honestly — with the half-created bucket
 * removed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '@coffer/admin-client';
import { Client } from 'minio';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;

interface BucketList {
  buckets: { name: string; creation_date: string; size?: number; objects?: number }[];
  total: number;
  continuation?: string;
  usage_pending: boolean;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

const names = (list: BucketList): string[] => list.buckets.map((b) => b.name);
/** The engine's admin API with root's keys, to see what the console stored. */
const admin = () =>
  createAdminClient({ endpoint: engine.url, accessKey: engine.accessKey, secretKey: engine.secretKey });

describe('create, list, versioning, delete', () => {
  it('creates a plain bucket and a versioned one', async () => {
    expect(await client.json('POST', '/api/v1/buckets', { json: { name: 'plain-bucket' } })).toEqual({
      status: 201,
      body: { name: 'plain-bucket' },
    });
    expect(
      (await client.json('POST', '/api/v1/buckets', { json: { name: 'versioned-bucket', versioning: true } }))
        .status,
    ).toBe(201);

    expect(await client.json('GET', '/api/v1/buckets/plain-bucket/versioning')).toEqual({
      status: 200,
      body: { is_versioned: false, status: 'Unversioned' },
    });
    expect(await client.json('GET', '/api/v1/buckets/versioned-bucket/versioning')).toEqual({
      status: 200,
      body: { is_versioned: true, status: 'Enabled' },
    });
  });

  it('creates a bucket with object locking (which turns versioning on)', async () => {
    expect(
      (await client.json('POST', '/api/v1/buckets', { json: { name: 'locked-bucket', locking: true } }))
        .status,
    ).toBe(201);
    expect((await client.json('GET', '/api/v1/buckets/locked-bucket/versioning')).body).toMatchObject({
      is_versioned: true,
    });
  });

  it('answers an existing name with 409 conflict', async () => {
    const { status, body } = await client.json('POST', '/api/v1/buckets', { json: { name: 'plain-bucket' } });
    expect(status).toBe(409);
    expect(body.code).toBe('conflict');
    expect(body.detailedMessage).toMatch(/^BucketAlready(OwnedByYou|Exists): /);
  });

  it('refuses invalid names with 400', async () => {
    const { status, body } = await client.json('POST', '/api/v1/buckets', { json: { name: 'UPPER_case' } });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
  });

  it('lists buckets with creation dates, searches and pages', async () => {
    const all = await client.json<BucketList>('GET', '/api/v1/buckets');
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(['locked-bucket', 'plain-bucket', 'versioned-bucket']);
    expect(all.body.total).toBe(3);
    expect(all.body.continuation).toBeUndefined();
    for (const b of all.body.buckets)
      expect(Date.parse(b.creation_date)).toBeGreaterThan(Date.now() - 600_000);

    const search = await client.json<BucketList>('GET', '/api/v1/buckets?search=VERSION');
    expect(names(search.body)).toEqual(['versioned-bucket']);
    expect(search.body.total).toBe(1);

    const first = await client.json<BucketList>('GET', '/api/v1/buckets?limit=2');
    expect(names(first.body)).toEqual(['locked-bucket', 'plain-bucket']);
    expect(first.body.total).toBe(3);
    expect(first.body.continuation).toBeDefined();
    const second = await client.json<BucketList>(
      'GET',
      `/api/v1/buckets?limit=2&continuation=${encodeURIComponent(first.body.continuation ?? '')}`,
    );
    expect(names(second.body)).toEqual(['versioned-bucket']);
    expect(second.body.continuation).toBeUndefined();

    const bad = await client.json('GET', '/api/v1/buckets?continuation=garbage');
    expect(bad.status).toBe(400);
  });

  it('deletes an empty bucket; a missing one is 404, a non-empty one 409', async () => {
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'x.txt');
    expect(
      (await client.request('POST', '/api/v1/buckets/versioned-bucket/objects/upload', { body: fd })).status,
    ).toBe(200);
    const notEmpty = await client.json('DELETE', '/api/v1/buckets/versioned-bucket');
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.detailedMessage).toMatch(/^BucketNotEmpty: /);

    expect((await client.request('DELETE', '/api/v1/buckets/plain-bucket')).status).toBe(204);
    const missing = await client.json('DELETE', '/api/v1/buckets/plain-bucket');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    expect(names((await client.json<BucketList>('GET', '/api/v1/buckets')).body)).not.toContain(
      'plain-bucket',
    );
  });
});

describe('options the storage server refuses', () => {
  it('creates a locked bucket with its default retention and a hard quota', async () => {
    const { status } = await client.json('POST', '/api/v1/buckets', {
      json: {
        name: 'retention-bucket',
        versioning: true,
        retention: { mode: 'compliance', unit: 'days', validity: 1 },
        quota: { enabled: true, quota_type: 'hard', amount: 1024 ** 4 },
      },
    });
    expect(status).toBe(201);
    expect((await client.json('GET', '/api/v1/buckets/retention-bucket/versioning')).body).toMatchObject({
      is_versioned: true,
    });
    const lock = await new Client({
      endPoint: new URL(engine.url).hostname,
      port: Number(new URL(engine.url).port),
      useSSL: false,
      accessKey: engine.accessKey,
      secretKey: engine.secretKey,
    }).getObjectLockConfig('retention-bucket');
    expect(lock).toMatchObject({
      objectLockEnabled: 'Enabled',
      mode: 'COMPLIANCE',
      unit: 'Days',
      validity: 1,
    });
    const quota = await admin().requestJson({
      method: 'GET',
      path: '/get-bucket-quota',
      query: { bucket: 'retention-bucket' },
    });
    expect(quota).toMatchObject({ quota: 1024 ** 4, quotatype: 'hard' });
  });

  it('a setting the storage server refuses: an honest error, and no half-created bucket', async () => {
    // Default retention is at most 100 years (S3); the bucket itself is made first, then removed.
    const { status, body } = await client.json('POST', '/api/v1/buckets', {
      json: { name: 'refused-bucket', retention: { mode: 'governance', unit: 'years', validity: 101 } },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body.message).toMatch(/refused-bucket was not created.*default retention/);
    expect(names((await client.json<BucketList>('GET', '/api/v1/buckets')).body)).not.toContain(
      'refused-bucket',
    );
  });

  it('creates a bucket with a fifo quota that the storage server keeps as fifo', async () => {
    const { status } = await client.json('POST', '/api/v1/buckets', {
      json: { name: 'fifo-bucket', quota: { enabled: true, quota_type: 'fifo', amount: 1024 } },
    });
    expect(status).toBe(201);
    expect(names((await client.json<BucketList>('GET', '/api/v1/buckets')).body)).toContain('fifo-bucket');
    const quota = await admin().requestJson<{ quota: number; quotatype: string }>({
      method: 'GET',
      path: '/get-bucket-quota',
      query: { bucket: 'fifo-bucket' },
    });
    expect(quota).toMatchObject({ quota: 1024, quotatype: 'fifo' });
  });
});
