/**
 * The account page against the real engine (spec 2 §7 Service accounts and account): a user
 * creates a service account through the console, its keys work with a real S3 client (minio-js)
 * and sign in to the console; a restricting policy narrows them; deleted, they stop working.
 * Another user's service accounts (list, create) for the administrator. The own password
 * change: the spec message under 8 characters, a wrong current password refused without ending
 * the session, and on success the session goes on with a renewed cookie while the old cookie
 * and the old password stop working.
 */
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let admin: ConsoleClient;
let user: ConsoleClient;

function s3(accessKey: string, secretKey: string): Client {
  return s3Client(engine.url, { accessKey, secretKey });
}

async function s3Code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return String((err as { code?: unknown }).code);
  }
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  admin = new ConsoleClient(consoleApp.url);
  await admin.login(engine.accessKey, engine.secretKey);
  for (const name of ['alpha', 'beta']) {
    expect((await admin.json('POST', '/api/v1/buckets', { json: { name } })).status).toBe(201);
  }
  expect(
    (
      await admin.json('POST', '/api/v1/users', {
        json: { accessKey: 'frank', secretKey: 'frank-secret-1', policies: ['readwrite'] },
      })
    ).status,
  ).toBe(201);
  user = new ConsoleClient(consoleApp.url);
  await user.login('frank', 'frank-secret-1');
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('service accounts', () => {
  it('creates keys that work with minio-js and sign in to the console; listed; deleted they stop working', async () => {
    const created = await user.json<{ accessKey: string; secretKey: string }>(
      'POST',
      '/api/v1/service-accounts',
      {
        json: { policy: '' },
      },
    );
    expect(created.status).toBe(201);
    const { accessKey, secretKey } = created.body;
    expect(accessKey).toMatch(/^\S{3,}$/);
    expect(secretKey.length).toBeGreaterThanOrEqual(8);

    const client = s3(accessKey, secretKey);
    expect((await client.listBuckets()).map((b) => b.name).sort()).toEqual(['alpha', 'beta']);
    await client.putObject('alpha', 'from-service-account.txt', Buffer.from('hello'));

    expect(await user.json('GET', '/api/v1/service-accounts')).toEqual({ status: 200, body: [accessKey] });
    expect(await admin.json('GET', '/api/v1/user/service-accounts?name=frank')).toEqual({
      status: 200,
      body: [accessKey],
    });

    // The keys sign in to the console too (directly: STS refuses service accounts).
    const viaKeys = new ConsoleClient(consoleApp.url);
    await viaKeys.login(accessKey, secretKey);
    expect((await viaKeys.json('GET', '/api/v1/session')).body.pages).not.toContain(
      '/account/change-password',
    );

    expect(
      (await user.request('DELETE', `/api/v1/service-accounts/${encodeURIComponent(accessKey)}`)).status,
    ).toBe(204);
    expect(await s3Code(client.listBuckets())).toBe('InvalidAccessKeyId');
    expect(await user.json('GET', '/api/v1/service-accounts')).toEqual({ status: 200, body: [] });
    // The console session that used the keys ends.
    expect((await viaKeys.json('GET', '/api/v1/buckets')).status).toBe(401);
  });

  it('a restricting policy narrows the keys to it', async () => {
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:ListBucket', 's3:GetObject'],
          Resource: ['arn:aws:s3:::alpha', 'arn:aws:s3:::alpha/*'],
        },
      ],
    });
    const created = await user.json<{ accessKey: string; secretKey: string }>(
      'POST',
      '/api/v1/service-accounts',
      {
        json: { policy },
      },
    );
    expect(created.status).toBe(201);
    const client = s3(created.body.accessKey, created.body.secretKey);
    const objects: string[] = [];
    for await (const o of client.listObjectsV2('alpha', '', true))
      objects.push(String((o as { name?: string }).name));
    expect(objects).toEqual(['from-service-account.txt']);
    expect(await s3Code(client.putObject('alpha', 'nope.txt', Buffer.from('x')))).toBe('AccessDenied');
    expect(await s3Code(client.listObjectsV2('beta', '', true).toArray())).toBe('AccessDenied');

    // Signed in to the console, the keys get the intersection the server enforces.
    const viaKeys = new ConsoleClient(consoleApp.url);
    await viaKeys.login(created.body.accessKey, created.body.secretKey);
    expect((await viaKeys.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).toEqual([
      '/buckets',
      '/object-browser',
      '/login',
    ]);
    const checks = await viaKeys.json<{ permissions: { id: string; can: boolean }[] }>(
      'POST',
      '/api/v1/has-permission',
      {
        json: {
          actions: [
            { id: 'list-alpha', action: 's3:ListBucket', bucket_name: 'alpha' },
            { id: 'list-beta', action: 's3:ListBucket', bucket_name: 'beta' },
            { id: 'put-alpha', action: 's3:PutObject', bucket_name: 'alpha' },
            { id: 'create', action: 's3:CreateBucket' },
          ],
        },
      },
    );
    expect(checks.body.permissions).toEqual([
      { id: 'list-alpha', can: true },
      { id: 'list-beta', can: false },
      { id: 'put-alpha', can: false },
      { id: 'create', can: false },
    ]);
    expect((await viaKeys.json('POST', '/api/v1/buckets', { json: { name: 'gamma' } })).status).toBe(403);
    // No self-service: the server refuses restricted keys minting keys.
    expect((await viaKeys.json('POST', '/api/v1/service-accounts', { json: {} })).status).toBe(403);
    await user.request('DELETE', `/api/v1/service-accounts/${encodeURIComponent(created.body.accessKey)}`);
  });

  it('refuses a policy that is not JSON before calling the server', async () => {
    const { status, body } = await user.json('POST', '/api/v1/service-accounts', {
      json: { policy: '{nope' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('The policy is not valid JSON');
  });

  it('the administrator creates one for another user', async () => {
    const created = await admin.json<{ accessKey: string; secretKey: string }>(
      'POST',
      '/api/v1/user/service-accounts?name=frank',
      { json: {} },
    );
    expect(created.status).toBe(201);
    expect((await user.json<string[]>('GET', '/api/v1/service-accounts')).body).toEqual([
      created.body.accessKey,
    ]);
    expect((await admin.request('DELETE', `/api/v1/service-accounts/${created.body.accessKey}`)).status).toBe(
      204,
    );
  });

  it('deleting an unknown service account is a 404', async () => {
    const { status, body } = await user.json('DELETE', '/api/v1/service-accounts/NOSUCHKEY0000000000');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });
});

describe('own password', () => {
  it('is offered to a user', async () => {
    expect((await user.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).toContain(
      '/account/change-password',
    );
  });

  it('refuses a new password under 8 characters with the spec message', async () => {
    const { status, body } = await user.json('POST', '/api/v1/account/change-password', {
      json: { current_secret_key: 'frank-secret-1', new_secret_key: 'short' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Passwords must be at least 8 characters long');
  });

  it('refuses a wrong current password without ending the session', async () => {
    const { status, body } = await user.json('POST', '/api/v1/account/change-password', {
      json: { current_secret_key: 'not-the-password', new_secret_key: 'frank-secret-2' },
    });
    expect(status).toBe(403);
    expect(body.message).toBe('The current password is not correct');
    expect((await user.json('GET', '/api/v1/session')).status).toBe(200);
  });

  it('changes it: the session goes on with a new cookie; the old cookie and password stop working', async () => {
    const oldCookie = user.cookie;
    const res = await user.request('POST', '/api/v1/account/change-password', {
      json: { current_secret_key: 'frank-secret-1', new_secret_key: 'frank-secret-2' },
    });
    expect(res.status).toBe(204);
    expect(user.cookie).toBeDefined();
    expect(user.cookie).not.toBe(oldCookie);
    expect((await user.json('GET', '/api/v1/session')).status).toBe(200);
    expect((await user.json('GET', '/api/v1/buckets')).status).toBe(200);

    const stale = new ConsoleClient(consoleApp.url);
    stale.cookie = oldCookie;
    expect((await stale.json('GET', '/api/v1/session')).status).toBe(401);

    const fresh = new ConsoleClient(consoleApp.url);
    expect(
      (
        await fresh.json('POST', '/api/v1/login', {
          json: { accessKey: 'frank', secretKey: 'frank-secret-1' },
        })
      ).status,
    ).toBe(401);
    await fresh.login('frank', 'frank-secret-2');
  });

  it('is not offered to root, and the storage server refuses it anyway', async () => {
    expect((await admin.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).not.toContain(
      '/account/change-password',
    );
    const { status } = await admin.json('POST', '/api/v1/account/change-password', {
      json: { current_secret_key: engine.secretKey, new_secret_key: 'new-root-secret' },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    // Root still signs in with its secret.
    await new ConsoleClient(consoleApp.url).login(engine.accessKey, engine.secretKey);
  });
});
