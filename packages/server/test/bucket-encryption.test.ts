/**
 * A bucket's default encryption through the console against the real engine (spec 1 §7
 * `encryption/info`, `encryption/enable`, `encryption/disable`, §8): a bucket without one answers
 * 404 with exactly 'The server side encryption configuration was not found'; SSE-S3 and SSE-KMS
 * (with a named key created through the engine's KMS API) are stored on the engine — checked by
 * asking the engine itself with a signed GetBucketEncryption — and read back; an unknown KMS key
 * comes back as the engine's refusal; disabling removes it. The engine decides who may change it.
 */
import { signRequest } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;

const BUCKET = 'sse-bucket';
const KEY = 'console-key';
const NOT_FOUND = 'The server side encryption configuration was not found';

interface Info {
  algorithm?: string;
  kmsMasterKeyID?: string;
  code?: string;
  message?: string;
  detailedMessage?: string;
}

/** A request straight to the engine, signed with root's keys (SigV4, service s3). */
async function engineCall(method: string, path: string): Promise<{ status: number; text: string }> {
  const url = new URL(path, engine.url);
  const headers = signRequest({
    method,
    url,
    headers: {},
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
    region: 'us-east-1',
    service: 's3',
  });
  delete headers.host;
  const res = await fetch(url, { method, headers });
  return { status: res.status, text: await res.text() };
}

const info = (c = client) => c.json<Info>('GET', `/api/v1/buckets/${BUCKET}/encryption/info`);
const enable = (body: unknown, c = client) =>
  c.json<Info>('POST', `/api/v1/buckets/${BUCKET}/encryption/enable`, { json: body });
const disable = (c = client) => c.json<Info | null>('POST', `/api/v1/buckets/${BUCKET}/encryption/disable`);

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
  // A named key of the engine's built-in KMS (MinIO's KMS API).
  expect((await engineCall('POST', `/minio/kms/v1/key/create?key-id=${KEY}`)).status).toBe(200);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('bucket encryption', () => {
  it('answers 404 with the spec message for a bucket without encryption', async () => {
    const { status, body } = await info();
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'not_found', message: NOT_FOUND });
    expect(body.detailedMessage).toMatch(/^ServerSideEncryptionConfigurationNotFoundError: /);
  });

  it('enables SSE-S3: stored on the engine as AES256 and read back', async () => {
    const { status, body } = await enable({ encType: 'sse-s3' });
    expect(status).toBe(200);
    expect(body).toEqual({ algorithm: 'AES256' });
    expect((await info()).body).toEqual({ algorithm: 'AES256' });
    const stored = await engineCall('GET', `/${BUCKET}?encryption`);
    expect(stored.status).toBe(200);
    expect(stored.text).toContain('<SSEAlgorithm>AES256</SSEAlgorithm>');
    expect(stored.text).not.toContain('KMSMasterKeyID');
  });

  it('enables SSE-KMS with a named key, and with the default key when none is given', async () => {
    const named = await enable({ encType: 'sse-kms', kmsKeyID: KEY });
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ algorithm: 'aws:kms', kmsMasterKeyID: KEY });
    const stored = await engineCall('GET', `/${BUCKET}?encryption`);
    expect(stored.text).toContain(`<KMSMasterKeyID>${KEY}</KMSMasterKeyID>`);
    expect((await info()).body).toEqual({ algorithm: 'aws:kms', kmsMasterKeyID: KEY });

    const byDefault = await enable({ encType: 'sse-kms', kmsKeyID: '' });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toEqual({ algorithm: 'aws:kms' });
  });

  it("refuses an unknown KMS key with the engine's reason and keeps what was stored", async () => {
    await enable({ encType: 'sse-kms', kmsKeyID: KEY });
    const { status, body } = await enable({ encType: 'sse-kms', kmsKeyID: 'no-such-key' });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
    expect(body.detailedMessage).toMatch(/^KMS\.NotFoundException: /);
    expect((await info()).body).toEqual({ algorithm: 'aws:kms', kmsMasterKeyID: KEY });
  });

  it('refuses a bad request before asking the engine', async () => {
    expect((await enable({ encType: 'sse-c' })).status).toBe(400);
    const keyWithS3 = await enable({ encType: 'sse-s3', kmsKeyID: KEY });
    expect(keyWithS3.status).toBe(400);
    expect(keyWithS3.body.code).toBe('invalid_request');
    expect((await info()).body).toEqual({ algorithm: 'aws:kms', kmsMasterKeyID: KEY });
  });

  it('disables: the engine has no configuration any more and info answers 404 again', async () => {
    const { status } = await disable();
    expect(status).toBe(204);
    expect((await engineCall('GET', `/${BUCKET}?encryption`)).status).toBe(404);
    expect((await info()).body).toMatchObject({ code: 'not_found', message: NOT_FOUND });
    // Disabling what is not set is not an error.
    expect((await disable()).status).toBe(204);
  });

  it('answers 404 not_found (not the encryption message) for a bucket that does not exist', async () => {
    const { status, body } = await client.json<Info>(
      'GET',
      '/api/v1/buckets/no-such-sse-bucket/encryption/info',
    );
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
    expect(body.message).not.toBe(NOT_FOUND);
  });

  it('leaves the decision to the storage server: a readonly user may not change it', async () => {
    const created = await client.json('POST', '/api/v1/users', {
      json: { accessKey: 'sse-reader', secretKey: 'sse-reader-secret', policies: ['readonly'] },
    });
    expect(created.status).toBeLessThan(300);
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('sse-reader', 'sse-reader-secret');
    const refused = await enable({ encType: 'sse-s3' }, reader);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('access_denied');
    expect((await disable(reader)).status).toBe(403);
    expect((await info()).status).toBe(404);
  });

  it('refuses every call without a session', async () => {
    const stranger = new ConsoleClient(consoleApp.url);
    expect((await info(stranger)).status).toBe(401);
    expect((await enable({ encType: 'sse-s3' }, stranger)).status).toBe(401);
    expect((await disable(stranger)).status).toBe(401);
  });
});
