/**
 * Sign-in and sessions against the real engine: login strategy, login (cookie attributes), wrong
 * secret (401, the same answer as an unknown account), session pages and distributedMode,
 * has-permission, logout revoking the session (the old cookie refused, also by a new console
 * instance on the same data dir), sessions surviving a console restart, Secure cookies behind a
 * trusted TLS proxy, SSO not configured, the API description and unknown API paths.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadSessionKey } from '../src/session/session-key.js';
import { SessionStore } from '../src/session/session-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('login', () => {
  it('reports the form strategy', async () => {
    const client = new ConsoleClient(consoleApp.url);
    expect(await client.json('GET', '/api/v1/login')).toEqual({
      status: 200,
      body: { loginStrategy: 'form', redirect: '' },
    });
  });

  it('signs in and sets an HttpOnly, SameSite=Lax session cookie on the base path', async () => {
    const client = new ConsoleClient(consoleApp.url);
    const res = await client.request('POST', '/api/v1/login', {
      json: { accessKey: engine.accessKey, secretKey: engine.secretKey },
    });
    expect(res.status).toBe(204);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^token=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
  });

  it('refuses a wrong secret with 401, in the same words as an unknown access key', async () => {
    const client = new ConsoleClient(consoleApp.url);
    const { status, body } = await client.json('POST', '/api/v1/login', {
      json: { accessKey: engine.accessKey, secretKey: 'not-the-secret' },
    });
    expect(status).toBe(401);
    expect(body.code).toBe('invalid_login');
    expect(body.message).toMatch(/invalid login/i);
    expect(client.cookie).toBeUndefined();
    // The answer must not tell an unknown account from a wrong secret.
    const unknown = await client.json('POST', '/api/v1/login', {
      json: { accessKey: 'nosuchaccount', secretKey: 'not-the-secret' },
    });
    expect(unknown).toEqual({ status, body });
  });

  it('refuses an unknown access key and an empty body', async () => {
    const client = new ConsoleClient(consoleApp.url);
    expect(
      (await client.json('POST', '/api/v1/login', { json: { accessKey: 'nobody', secretKey: 'whatever1' } }))
        .status,
    ).toBe(401);
    const empty = await client.json('POST', '/api/v1/login', { json: { accessKey: '', secretKey: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('invalid_request');
  });

  it('answers single sign-on as not configured', async () => {
    const client = new ConsoleClient(consoleApp.url);
    const { status, body } = await client.json('POST', '/api/v1/login/oauth2/auth', {
      json: { code: 'c', state: 's' },
    });
    expect(status).toBe(501);
    expect(body.code).toBe('sso_not_configured');
  });
});

describe('session', () => {
  it('needs a session: 401 without or with a made-up cookie', async () => {
    const client = new ConsoleClient(consoleApp.url);
    const none = await client.json('GET', '/api/v1/session');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('not_authenticated');
    client.cookie = `token=${'A'.repeat(43)}`;
    expect((await client.json('GET', '/api/v1/session')).status).toBe(401);
  });

  it('lists the pages of the effective policy and the distributed mode', async () => {
    const client = new ConsoleClient(consoleApp.url);
    await client.login(engine.accessKey, engine.secretKey);
    const { status, body } = await client.json('GET', '/api/v1/session');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      pages: [
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
      ],
      // The console keeps the audit log and root may read it (admin:ServerTrace).
      features: ['log-search'],
      operator: false,
      distributedMode: true,
      // The engine is MinIO-compatible: admin API, STS, and an erasure-coded backend.
      capabilities: {
        adminApi: true,
        sts: true,
        versioning: true,
        objectLocking: true,
        quota: true,
        usage: true,
      },
    });
  });

  it('evaluates has-permission with the account policy (root: consoleAdmin)', async () => {
    const client = new ConsoleClient(consoleApp.url);
    await client.login(engine.accessKey, engine.secretKey);
    const { status, body } = await client.json('POST', '/api/v1/has-permission', {
      json: {
        actions: [
          { id: 'create', action: 's3:CreateBucket' },
          { id: 'get', action: 's3:GetObject', bucket_name: 'any-bucket' },
          { id: 'users', action: 'admin:ListUsers' },
          { id: 'nonsense', action: 'sts:AssumeRoleWithSAML' },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      permissions: [
        { id: 'create', can: true },
        { id: 'get', can: true },
        { id: 'users', can: true },
        { id: 'nonsense', can: false },
      ],
    });
  });

  it('logout revokes the session: the old cookie is refused, here and after a restart', async () => {
    const client = new ConsoleClient(consoleApp.url);
    await client.login(engine.accessKey, engine.secretKey);
    const captured = client.cookie;
    expect((await client.json('GET', '/api/v1/session')).status).toBe(200);
    const filesBefore = await readdir(path.join(consoleApp.dataDir, 'sessions'));

    const out = await client.request('POST', '/api/v1/logout');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^token=;.*Max-Age=0/);
    expect((await readdir(path.join(consoleApp.dataDir, 'sessions'))).length).toBe(filesBefore.length - 1);

    const attacker = new ConsoleClient(consoleApp.url);
    attacker.cookie = captured;
    expect((await attacker.json('GET', '/api/v1/session')).status).toBe(401);
    attacker.cookie = captured;
    expect((await attacker.json('GET', '/api/v1/buckets')).status).toBe(401);

    const restarted = await startConsole(engine.url, { dataDir: consoleApp.dataDir });
    try {
      const again = new ConsoleClient(restarted.url);
      again.cookie = captured;
      expect((await again.json('GET', '/api/v1/session')).status).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  it('survives a console restart: a new buildApp on the same data dir accepts the cookie', async () => {
    const first = await startConsole(engine.url);
    const client = new ConsoleClient(first.url);
    await client.login(engine.accessKey, engine.secretKey);
    await first.close();
    const second = await startConsole(engine.url, { dataDir: first.dataDir });
    try {
      client.base = second.url;
      const { status, body } = await client.json('GET', '/api/v1/session');
      expect(status).toBe(200);
      expect(body.status).toBe('ok');
      expect((await client.json('GET', '/api/v1/buckets')).status).toBe(200);
    } finally {
      await second.close();
      await removeDir(first.dataDir);
    }
  });

  it('revokes a session whose credentials the storage server refuses, and answers 401', async () => {
    // A session whose temporary credentials the storage server does not know (e.g. it forgot
    // them): written into the console's store as a real login would.
    const store = await SessionStore.open({
      dir: path.join(consoleApp.dataDir, 'sessions'),
      key: await loadSessionKey(consoleApp.dataDir),
    });
    const stale = await store.create({
      accountName: engine.accessKey,
      kind: 'sts',
      credentials: { accessKey: 'AKIAUNKNOWNTEMPKEY01', secretKey: 'x'.repeat(40), sessionToken: 'a.b.c' },
      expiresAt: Date.now() + 3600_000,
    });
    const client = new ConsoleClient(consoleApp.url);
    client.cookie = `token=${stale.id}`;
    const res = await client.json('GET', '/api/v1/buckets');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
    expect(client.cookie).toBeUndefined();
    client.cookie = `token=${stale.id}`;
    expect((await client.json('GET', '/api/v1/buckets')).body.detailedMessage).toBe(
      'the session is unknown, expired or signed out',
    );
  });

  it('caps the cookie (and the session) at the configured session length', async () => {
    const short = await startConsole(engine.url, { sessionSeconds: 60 });
    try {
      const client = new ConsoleClient(short.url);
      const res = await client.request('POST', '/api/v1/login', {
        json: { accessKey: engine.accessKey, secretKey: engine.secretKey },
      });
      expect(Number(/Max-Age=(\d+)/.exec(res.headers.get('set-cookie') ?? '')?.[1])).toBeLessThanOrEqual(60);
      expect((await client.json('GET', '/api/v1/session')).status).toBe(200);
    } finally {
      await short.close();
      await removeDir(short.dataDir);
    }
  });

  it('sets Secure behind a trusted TLS proxy, and serves everything under a base path', async () => {
    const proxied = await startConsole(engine.url, { trustProxy: true, basePath: '/console/' });
    try {
      const client = new ConsoleClient(`${proxied.url}/console`);
      const res = await client.request('POST', '/api/v1/login', {
        json: { accessKey: engine.accessKey, secretKey: engine.secretKey },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.status).toBe(204);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/Path=\/console(;|$)/);
      expect((await client.json('GET', '/api/v1/session')).status).toBe(200);
      const outside = new ConsoleClient(proxied.url);
      outside.cookie = client.cookie;
      expect((await outside.json('GET', '/api/v1/session')).status).toBe(404);
    } finally {
      await proxied.close();
      await removeDir(proxied.dataDir);
    }
  });
});

describe('API description and unknown paths', () => {
  it('serves the OpenAPI document generated from the contract', async () => {
    const client = new ConsoleClient(consoleApp.url);
    const { status, body } = await client.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>('GET', '/api/v1/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/session',
        '/api/v1/buckets',
        '/api/v1/buckets/{bucket}/objects',
      ]),
    );
    expect(body.paths['/api/v1/login']).toHaveProperty('post');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const client = new ConsoleClient(consoleApp.url);
    await client.login(engine.accessKey, engine.secretKey);
    const { status, body } = await client.json('GET', '/api/v1/no-such-thing');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'not_found', message: 'No such API call' });
  });
});
