/**
 * What the UI offers is what the storage server allows (issue 4): an administrator creates a
 * group with readonly and a user in it; the user signs in and its session lists only the pages
 * its effective policy opens, has-permission says no to s3:CreateBucket, and the calls the UI
 * would not offer are refused by the storage server itself (403 in the console's error shape).
 * Also: the Access Audit lists (users and policies that reach a bucket), a user whose own
 * policy is readwrite, and policy changes reaching a live session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let admin: ConsoleClient;

interface Session {
  status: string;
  pages: string[];
}

async function can(client: ConsoleClient, action: string, bucket?: string): Promise<boolean> {
  const { status, body } = await client.json<{ permissions: { id: string; can: boolean }[] }>(
    'POST',
    '/api/v1/has-permission',
    { json: { actions: [{ id: 'x', action, ...(bucket ? { bucket_name: bucket } : {}) }] } },
  );
  expect(status).toBe(200);
  return body.permissions[0]?.can ?? false;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  admin = new ConsoleClient(consoleApp.url);
  await admin.login(engine.accessKey, engine.secretKey);
  expect((await admin.json('POST', '/api/v1/buckets', { json: { name: 'shared' } })).status).toBe(201);
  expect((await admin.json('POST', '/api/v1/groups', { json: { group: 'readers' } })).status).toBe(201);
  expect(
    (
      await admin.request('PUT', '/api/v1/set-policy/readonly', {
        json: { entityName: 'readers', entityType: 'group' },
      })
    ).status,
  ).toBe(204);
  expect(
    (
      await admin.json('POST', '/api/v1/users', {
        json: { accessKey: 'reader', secretKey: 'reader-secret-1', groups: ['readers'] },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await admin.json('POST', '/api/v1/users', {
        json: { accessKey: 'writer', secretKey: 'writer-secret-1', policies: ['readwrite'] },
      })
    ).status,
  ).toBe(201);
  // Not in any group, no policy: reaches nothing.
  expect(
    (
      await admin.json('POST', '/api/v1/users', {
        json: { accessKey: 'nobody', secretKey: 'nobody-secret-1' },
      })
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('a readonly user (via its group)', () => {
  let reader: ConsoleClient;

  beforeAll(async () => {
    reader = new ConsoleClient(consoleApp.url);
    await reader.login('reader', 'reader-secret-1');
  });

  it('sees only the pages its policy opens', async () => {
    const { status, body } = await reader.json<Session>('GET', '/api/v1/session');
    expect(status).toBe(200);
    expect(body.pages).toEqual(['/object-browser', '/account', '/account/change-password', '/login']);
    for (const page of ['/buckets', '/users', '/groups', '/policies']) expect(body.pages).not.toContain(page);
  });

  it('has-permission: no s3:CreateBucket, no admin:ListUsers; s3:GetObject on the bucket', async () => {
    expect(await can(reader, 's3:CreateBucket')).toBe(false);
    expect(await can(reader, 'admin:ListUsers')).toBe(false);
    expect(await can(reader, 's3:GetObject', 'shared')).toBe(true);
    expect(await can(reader, 's3:PutObject', 'shared')).toBe(false);
  });

  it('creating a bucket anyway is refused by the storage server: 403 in the console error shape', async () => {
    const { status, body } = await reader.json('POST', '/api/v1/buckets', { json: { name: 'mine' } });
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'access_denied',
      message: expect.any(String) as string,
      detailedMessage: expect.stringMatching(/^AccessDenied: /) as string,
    });
    // And the bucket does not exist.
    expect(
      (await admin.json<{ buckets: { name: string }[] }>('GET', '/api/v1/buckets')).body.buckets.map(
        (b) => b.name,
      ),
    ).toEqual(['shared']);
  });

  it('the admin pages it does not see are refused by the storage server too', async () => {
    for (const path of ['/api/v1/users', '/api/v1/groups', '/api/v1/policies']) {
      const { status, body } = await reader.json('GET', path);
      expect(status, path).toBe(403);
      expect(body.code, path).toBe('access_denied');
    }
  });

  it('can list and read what it may', async () => {
    const { status, body } = await reader.json<{ buckets: { name: string }[] }>('GET', '/api/v1/buckets');
    expect(status).toBe(200);
    expect(body.buckets.map((b) => b.name)).toEqual(['shared']);
  });
});

describe('a user with readwrite of its own', () => {
  it('gets the bucket pages and may create buckets, but no admin pages', async () => {
    const writer = new ConsoleClient(consoleApp.url);
    await writer.login('writer', 'writer-secret-1');
    const { body } = await writer.json<Session>('GET', '/api/v1/session');
    expect(body.pages).toEqual([
      '/buckets',
      '/object-browser',
      '/account',
      '/account/change-password',
      '/login',
      '/watch',
    ]);
    expect(await can(writer, 's3:CreateBucket')).toBe(true);
    expect((await writer.json('POST', '/api/v1/buckets', { json: { name: 'writers-own' } })).status).toBe(
      201,
    );
  });
});

describe('a user with no policy', () => {
  it('has no bucket pages and no S3 access', async () => {
    const nobody = new ConsoleClient(consoleApp.url);
    await nobody.login('nobody', 'nobody-secret-1');
    const { body } = await nobody.json<Session>('GET', '/api/v1/session');
    expect(body.pages).toEqual(['/account', '/account/change-password', '/login']);
    expect((await nobody.json('GET', '/api/v1/buckets')).status).toBe(403);
  });
});

describe('root', () => {
  it('sees every IAM page but cannot change its password here', async () => {
    const { body } = await admin.json<Session>('GET', '/api/v1/session');
    expect(body.pages).toEqual([
      '/buckets',
      '/object-browser',
      '/account',
      '/users',
      '/groups',
      '/policies',
      '/login',
      '/dashboard',
      '/settings',
      '/webhook/logger',
      '/webhook/audit',
      '/logs',
      '/watch',
      '/trace',
      '/heal',
      '/health-info',
      '/license',
      '/metrics',
    ]);
  });
});

describe('Access Audit', () => {
  it('lists the users that reach the bucket (enabled, via their groups or own policies)', async () => {
    const { status, body } = await admin.json<{ accessKey: string; memberOf: string[] }[]>(
      'GET',
      '/api/v1/bucket-users/shared',
    );
    expect(status).toBe(200);
    expect(body.map((u) => u.accessKey)).toEqual(['reader', 'writer']);
    expect(body[0]?.memberOf).toEqual(['readers']);
  });

  it('lists the policies that reach the bucket', async () => {
    const { status, body } = await admin.json<{ policies: { name: string; policy: string }[] }>(
      'GET',
      '/api/v1/bucket-policy/shared',
    );
    expect(status).toBe(200);
    const names = body.policies.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['consoleAdmin', 'readonly', 'readwrite', 'writeonly']));
    expect(names).not.toContain('diagnostics');
    expect(JSON.parse(body.policies[0]?.policy ?? '')).toHaveProperty('Statement');
  });

  it('is refused to a readonly user by the storage server', async () => {
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('reader', 'reader-secret-1');
    expect((await reader.json('GET', '/api/v1/bucket-users/shared')).status).toBe(403);
  });
});

describe('policy changes reach a live session', () => {
  it('a new group policy applies at once on the storage server and in the pages of a new session', async () => {
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('reader', 'reader-secret-1');
    expect(await can(reader, 's3:GetObject', 'shared')).toBe(true);
    await admin.request('PUT', '/api/v1/set-policy/readwrite', {
      json: { entityName: 'readers', entityType: 'group' },
    });
    // The storage server applies it at once.
    expect(
      (await reader.json('POST', '/api/v1/buckets', { json: { name: 'readers-now-write' } })).status,
    ).toBe(201);
    const fresh = new ConsoleClient(consoleApp.url);
    await fresh.login('reader', 'reader-secret-1');
    expect((await fresh.json<Session>('GET', '/api/v1/session')).body.pages).toContain('/buckets');
  });
});
