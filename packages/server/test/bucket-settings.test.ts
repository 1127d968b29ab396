/**
 * The Summary's bucket settings through the console against the real engine (spec 1 §7):
 * versioning (enable, suspend; a locked bucket refuses suspension with the engine's message),
 * quota (hard and fifo, removal; a hard quota the engine then enforces), default retention (set on
 * a locked bucket, which new objects then get; refused in plain words on a bucket without
 * locking; out of range refused with the engine's reason), object locking, replication (no
 * configuration → no rules), an account without the rights (refused by the engine), and a missing
 * bucket for each call. What the console says is checked
 * against what the engine itself answers to its own clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '@coffer/admin-client';
import type { Client } from 'minio';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let s3: Client;

interface ErrorBody {
  code: string;
  message: string;
  detailedMessage: string;
}

const PLAIN = 'settings-plain';
const LOCKED = 'settings-locked';

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  s3 = s3Client(engine.url, engine);
  for (const json of [{ name: PLAIN }, { name: LOCKED, locking: true }]) {
    expect((await client.json('POST', '/api/v1/buckets', { json })).status).toBe(201);
  }
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

const admin = () =>
  createAdminClient({ endpoint: engine.url, accessKey: engine.accessKey, secretKey: engine.secretKey });

/** The engine's own answer to GetBucketVersioning. */
async function engineVersioning(bucket: string): Promise<string | undefined> {
  const config = (await s3.getBucketVersioning(bucket)) as { Status?: string } | '';
  return typeof config === 'object' ? config.Status : undefined;
}

describe('versioning', () => {
  it('enables and suspends a bucket without locking; the engine agrees each time', async () => {
    const enabled = await client.json('PUT', `/api/v1/buckets/${PLAIN}/versioning`, {
      json: { versioning: true },
    });
    expect(enabled).toEqual({ status: 200, body: { is_versioned: true, status: 'Enabled' } });
    expect(await engineVersioning(PLAIN)).toBe('Enabled');

    const suspended = await client.json('PUT', `/api/v1/buckets/${PLAIN}/versioning`, {
      json: { versioning: false },
    });
    expect(suspended).toEqual({ status: 200, body: { is_versioned: false, status: 'Suspended' } });
    expect(await engineVersioning(PLAIN)).toBe('Suspended');
    expect((await client.json('GET', `/api/v1/buckets/${PLAIN}/versioning`)).body).toEqual({
      is_versioned: false,
      status: 'Suspended',
    });
  });

  it("refuses to suspend a locked bucket with the engine's message, and the bucket stays versioned", async () => {
    const { status, body } = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${LOCKED}/versioning`, {
      json: { versioning: false },
    });
    expect(status).toBe(409);
    expect(body.code).toBe('conflict');
    expect(body.message).toBe(
      'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
    );
    expect(body.detailedMessage).toMatch(/^InvalidBucketState: /);
    expect(await engineVersioning(LOCKED)).toBe('Enabled');
  });

  it('refuses a body without the boolean', async () => {
    const { status, body } = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${PLAIN}/versioning`, {
      json: { versioning: 'yes' },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
  });
});

describe('quota', () => {
  it('reports a bucket without a quota as disabled', async () => {
    expect(await client.json('GET', `/api/v1/buckets/${PLAIN}/quota`)).toEqual({
      status: 200,
      body: { enabled: false, quota: 0, type: 'hard' },
    });
  });

  it('sets a hard quota the engine then enforces, and removes it again', async () => {
    const set = await client.json('PUT', `/api/v1/buckets/${PLAIN}/quota`, {
      json: { enabled: true, amount: 1024, quota_type: 'hard' },
    });
    expect(set).toEqual({ status: 200, body: { enabled: true, quota: 1024, type: 'hard' } });
    expect(
      await admin().requestJson({ method: 'GET', path: '/get-bucket-quota', query: { bucket: PLAIN } }),
    ).toMatchObject({ size: 1024, quotatype: 'hard' });
    await expect(s3.putObject(PLAIN, 'too-big.bin', Buffer.alloc(4096))).rejects.toMatchObject({
      code: 'XMinioAdminBucketQuotaExceeded',
    });

    const cleared = await client.json('PUT', `/api/v1/buckets/${PLAIN}/quota`, {
      json: { enabled: false, amount: 1024, quota_type: 'hard' },
    });
    expect(cleared).toEqual({ status: 200, body: { enabled: false, quota: 0, type: 'hard' } });
    await expect(
      admin().requestJson({ method: 'GET', path: '/get-bucket-quota', query: { bucket: PLAIN } }),
    ).rejects.toMatchObject({ code: 'XMinioAdminNoSuchQuotaConfiguration' });
    await s3.putObject(PLAIN, 'fits-now.bin', Buffer.alloc(4096));
  });

  it('sets a fifo quota and reads it back as fifo', async () => {
    const amount = 5 * 1024 ** 3;
    const set = await client.json('PUT', `/api/v1/buckets/${LOCKED}/quota`, {
      json: { enabled: true, amount, quota_type: 'fifo' },
    });
    expect(set).toEqual({ status: 200, body: { enabled: true, quota: amount, type: 'fifo' } });
    expect((await client.json('GET', `/api/v1/buckets/${LOCKED}/quota`)).body).toEqual({
      enabled: true,
      quota: amount,
      type: 'fifo',
    });
  });

  it('refuses an enabled quota below 1 byte and an unknown type', async () => {
    for (const json of [
      { enabled: true, amount: 0, quota_type: 'hard' },
      { enabled: true, amount: 10, quota_type: 'soft' },
      { enabled: true, amount: 1.5, quota_type: 'hard' },
    ]) {
      const { status, body } = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${PLAIN}/quota`, {
        json,
      });
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.code).toBe('invalid_request');
    }
  });
});

describe('object locking and retention', () => {
  it('tells a locked bucket from one without locking', async () => {
    expect((await client.json('GET', `/api/v1/buckets/${LOCKED}/object-locking`)).body).toEqual({
      object_locking_enabled: true,
    });
    expect((await client.json('GET', `/api/v1/buckets/${PLAIN}/object-locking`)).body).toEqual({
      object_locking_enabled: false,
    });
  });

  it('a bucket without default retention answers no fields, locked or not', async () => {
    expect(await client.json('GET', `/api/v1/buckets/${LOCKED}/retention`)).toEqual({
      status: 200,
      body: {},
    });
    expect(await client.json('GET', `/api/v1/buckets/${PLAIN}/retention`)).toEqual({ status: 200, body: {} });
  });

  it('sets the default retention of a locked bucket; the engine stores it and new objects get it', async () => {
    const set = await client.json('PUT', `/api/v1/buckets/${LOCKED}/retention`, {
      json: { mode: 'governance', unit: 'days', validity: 3 },
    });
    expect(set).toEqual({ status: 200, body: { mode: 'governance', unit: 'days', validity: 3 } });
    const uploaded = await s3.putObject(LOCKED, 'kept.txt', Buffer.from('kept'));
    const retention = (await s3.getObjectRetention(LOCKED, 'kept.txt', {
      versionId: uploaded.versionId ?? '',
    })) as { mode?: string; retainUntilDate?: string };
    expect(retention.mode).toBe('GOVERNANCE');
    const days = (Date.parse(retention.retainUntilDate ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);

    const years = await client.json('PUT', `/api/v1/buckets/${LOCKED}/retention`, {
      json: { mode: 'compliance', unit: 'years', validity: 1 },
    });
    expect(years.body).toEqual({ mode: 'compliance', unit: 'years', validity: 1 });
    expect(await s3.getObjectLockConfig(LOCKED)).toMatchObject({
      mode: 'COMPLIANCE',
      unit: 'Years',
      validity: 1,
    });
    expect((await client.json('GET', `/api/v1/buckets/${LOCKED}/retention`)).body).toEqual({
      mode: 'compliance',
      unit: 'years',
      validity: 1,
    });
  });

  it('refuses a default retention on a bucket without locking in plain words', async () => {
    const { status, body } = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${PLAIN}/retention`, {
      json: { mode: 'compliance', unit: 'days', validity: 1 },
    });
    expect(status).toBe(409);
    expect(body.code).toBe('conflict');
    expect(body.message).toBe(
      `Bucket ${PLAIN} was created without object locking, so it cannot have a default retention`,
    );
    expect(body.detailedMessage).toMatch(/^InvalidBucketState: /);
  });

  it("refuses a validity below 1 itself, and one the engine refuses with the engine's reason", async () => {
    const zero = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${LOCKED}/retention`, {
      json: { mode: 'compliance', unit: 'days', validity: 0 },
    });
    expect(zero.status).toBe(400);
    const tooLong = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${LOCKED}/retention`, {
      json: { mode: 'governance', unit: 'years', validity: 101 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detailedMessage).toMatch(/^(InvalidArgument|MalformedXML|InvalidRequest): /);
    // The earlier setting is untouched.
    expect((await client.json('GET', `/api/v1/buckets/${LOCKED}/retention`)).body).toEqual({
      mode: 'compliance',
      unit: 'years',
      validity: 1,
    });
  });
});

describe('replication', () => {
  it('a bucket without a replication configuration has no rules', async () => {
    expect(await client.json('GET', `/api/v1/buckets/${LOCKED}/replication`)).toEqual({
      status: 200,
      body: { rules: [] },
    });
  });
});

describe('an account without the rights', () => {
  it('is refused by the storage server, not by the console, and nothing changes', async () => {
    const created = await client.json('POST', '/api/v1/users', {
      json: { accessKey: 'settings-reader', secretKey: 'settings-reader-secret', policies: ['readonly'] },
    });
    expect(created.status).toBeLessThan(300);
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('settings-reader', 'settings-reader-secret');
    const calls: [string, string, unknown?][] = [
      ['GET', 'quota'],
      ['PUT', 'quota', { enabled: true, amount: 1, quota_type: 'hard' }],
      ['PUT', 'versioning', { versioning: true }],
      ['PUT', 'retention', { mode: 'compliance', unit: 'days', validity: 1 }],
    ];
    for (const [method, setting, json] of calls) {
      const { status, body } = await reader.json<ErrorBody>(
        method,
        `/api/v1/buckets/${LOCKED}/${setting}`,
        json === undefined ? {} : { json },
      );
      expect({ method, setting, status, code: body.code }).toEqual({
        method,
        setting,
        status: 403,
        code: 'access_denied',
      });
      expect(body.detailedMessage).toMatch(/^(AccessDenied|XMinio\w+): /);
    }
    expect((await client.json('GET', `/api/v1/buckets/${LOCKED}/quota`)).body).toMatchObject({
      enabled: true,
      type: 'fifo',
    });
    expect((await client.json('GET', `/api/v1/buckets/${LOCKED}/retention`)).body).toEqual({
      mode: 'compliance',
      unit: 'years',
      validity: 1,
    });
  });
});

describe('a missing bucket', () => {
  it('is 404 for every setting', async () => {
    const calls: [string, string, unknown?][] = [
      ['PUT', 'versioning', { versioning: true }],
      ['GET', 'quota'],
      ['PUT', 'quota', { enabled: true, amount: 1024, quota_type: 'hard' }],
      ['GET', 'retention'],
      ['PUT', 'retention', { mode: 'compliance', unit: 'days', validity: 1 }],
      ['GET', 'object-locking'],
      ['GET', 'replication'],
    ];
    for (const [method, setting, json] of calls) {
      const { status, body } = await client.json<ErrorBody>(
        method,
        `/api/v1/buckets/no-such-bucket/${setting}`,
        json === undefined ? {} : { json },
      );
      expect({ method, setting, status, code: body.code }).toEqual({
        method,
        setting,
        status: 404,
        code: 'not_found',
      });
    }
  });
});
