/**
 * Single sign-on against a real OpenID provider (the test provider on `oidc-provider`, with its own
 * sign-in page) and the real engine: the redirect strategy's authorization URL (state, nonce,
 * PKCE S256) and the browser-bound flow cookie; the whole code flow through the provider's pages
 * back to /login/oauth2/auth; the errors, each in words the login banner shows — a replayed or
 * foreign state, a code the provider refuses, a provider that cannot be reached.
 */
import { createServer } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/index.js';
import { loadSessionKey } from '../src/session/session-key.js';
import { SessionStore } from '../src/session/session-store.js';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../../engine/test/helpers/identity/oidc-provider.js';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir } from './helpers/console.js';
import { signInAtProvider } from './helpers/idp-sign-in.js';

const CLIENT_ID = 'coffer-console';
const CLIENT_SECRET = 'console-client-secret';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let idp: TestOidcProvider;
let engine: EngineHandle;
let app: FastifyInstance;
let consoleUrl: string;
let dataDir: string;
/** Asks for offline_access and 900-s credentials, renewed when less than 900 s are left. */
let renewingApp: FastifyInstance;
let renewingUrl: string;
let renewingDir: string;

/** A client whose jar also keeps the `sso_flow` cookie, as a browser does. */
class SsoBrowser extends ConsoleClient {
  flow: string | undefined;
  override async request(method: string, pathAndQuery: string, options = {}): Promise<Response> {
    const cookies = [this.cookie, this.flow].filter(Boolean).join('; ');
    const saved = this.cookie;
    this.cookie = cookies === '' ? undefined : cookies;
    const res = await super.request(method, pathAndQuery, options);
    if (this.cookie === cookies) this.cookie = saved;
    for (const line of res.headers.getSetCookie()) {
      if (line.startsWith('sso_flow=')) this.flow = line.split(';', 1)[0];
    }
    return res;
  }

  async authorizationUrl(): Promise<URL> {
    const { status, body } = await this.json<{ loginStrategy: string; redirect: string }>(
      'GET',
      '/api/v1/login',
    );
    expect(status).toBe(200);
    expect(body.loginStrategy).toBe('redirect');
    return new URL(body.redirect);
  }
}

beforeAll(async () => {
  const port = await freePort();
  consoleUrl = `http://127.0.0.1:${port}`;
  const renewingPort = await freePort();
  renewingUrl = `http://127.0.0.1:${renewingPort}`;
  idp = await startOidcProvider({
    users: [
      { username: 'ada', password: 'ada-password', policy: 'readonly', claims: { email: 'ada@example.com' } },
    ],
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${consoleUrl}/oauth_callback`, `${renewingUrl}/oauth_callback`],
      },
    ],
  });
  const openid = idp.identityOpenIdConfig();
  engine = await startEngine({
    drives: 1,
    env: Object.fromEntries(
      Object.entries(openid).map(([key, value]) => [`MINIO_IDENTITY_OPENID_${key.toUpperCase()}`, value]),
    ),
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-console-sso-'));
  app = await buildApp({
    serverUrl: engine.url,
    dataDir,
    openId: {
      configUrl: idp.configUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scopes: ['openid', 'profile', 'email', idp.claimName],
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  renewingDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-console-sso-renew-'));
  renewingApp = await buildApp({
    serverUrl: engine.url,
    dataDir: renewingDir,
    stsSeconds: 900,
    credentialRenewMarginSeconds: 900,
    openId: {
      configUrl: idp.configUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scopes: ['openid', idp.claimName, 'offline_access'],
    },
  });
  await renewingApp.listen({ port: renewingPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await renewingApp?.close();
  await removeDir(dataDir ?? '');
  await removeDir(renewingDir ?? '');
  await engine?.stop();
  await idp?.close();
});

describe('the redirect strategy', () => {
  it("answers the provider's authorization URL with state, nonce and PKCE, and a flow cookie", async () => {
    const browser = new SsoBrowser(consoleUrl);
    const url = await browser.authorizationUrl();
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${consoleUrl}/oauth_callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe(`openid profile email ${idp.claimName}`);
    expect(browser.flow).toMatch(/^sso_flow=[A-Za-z0-9_-]+$/);
    // Each visit is a flow of its own.
    const again = await browser.authorizationUrl();
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });
});

describe('the code flow', () => {
  it("signs in through the provider's own page and gets a session with the claim's policy", async () => {
    const browser = new SsoBrowser(consoleUrl);
    const callback = await signInAtProvider((await browser.authorizationUrl()).href, {
      username: 'ada',
      password: 'ada-password',
    });
    const { status, body } = await browser.json<{ sessionId: string }>('POST', '/api/v1/login/oauth2/auth', {
      json: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    expect({ status, body }).toMatchObject({ status: 200, body: { sessionId: expect.any(String) } });
    expect(browser.cookie).toBe(`token=${body.sessionId}`);
    const session = await browser.json<{ pages: string[] }>('GET', '/api/v1/session');
    expect(session.status).toBe(200);
    // readonly: the object browser, not the admin screens.
    expect(session.body.pages).toContain('/object-browser');
    expect(session.body.pages).not.toContain('/users');
    expect(session.body.pages).not.toContain('/settings');
  });

  it('refuses the same state twice, and a state this browser did not start', async () => {
    const browser = new SsoBrowser(consoleUrl);
    const callback = await signInAtProvider((await browser.authorizationUrl()).href, {
      username: 'ada',
      password: 'ada-password',
    });
    const json = { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') };
    // Another browser (no flow cookie) with this browser's code and state: login CSRF refused.
    const stranger = new SsoBrowser(consoleUrl);
    const foreign = await stranger.json('POST', '/api/v1/login/oauth2/auth', { json });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ code: 'sso_failed' });
    expect(foreign.body.message).toMatch(/expired or was started in another browser/);
    expect(stranger.cookie).toBeUndefined();

    const first = await browser.json('POST', '/api/v1/login/oauth2/auth', { json });
    expect(first.status).toBe(200);
    const replay = await browser.json('POST', '/api/v1/login/oauth2/auth', { json });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/already been completed/);
  });

  it("shows the provider's refusal of a code it never issued", async () => {
    const browser = new SsoBrowser(consoleUrl);
    const url = await browser.authorizationUrl();
    const { status, body } = await browser.json('POST', '/api/v1/login/oauth2/auth', {
      json: { code: 'not-a-code-the-provider-issued', state: url.searchParams.get('state') },
    });
    expect(status).toBe(401);
    expect(body).toMatchObject({
      code: 'sso_failed',
      message: 'The identity provider refused the sign-in',
      detailedMessage: expect.stringMatching(/^invalid_grant/),
    });
  });
});

describe('renewal', () => {
  it("renews short credentials with the provider's refresh token", async () => {
    const browser = new SsoBrowser(renewingUrl);
    const url = await browser.authorizationUrl();
    expect(url.searchParams.get('prompt')).toBe('consent');
    const callback = await signInAtProvider(url.href, { username: 'ada', password: 'ada-password' });
    const signIn = await browser.json<{ sessionId: string }>('POST', '/api/v1/login/oauth2/auth', {
      json: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    expect(signIn.status).toBe(200);
    const store = await SessionStore.open({
      dir: path.join(renewingDir, 'sessions'),
      key: await loadSessionKey(renewingDir, undefined),
    });
    const first = await store.get(signIn.body.sessionId);
    expect(first?.renewal?.method).toBe('web-identity');
    // Every request now finds the credentials due: the refresh grant and STS run, the session stays.
    expect((await browser.json('GET', '/api/v1/session')).status).toBe(200);
    const renewed = await SessionStore.open({
      dir: path.join(renewingDir, 'sessions'),
      key: await loadSessionKey(renewingDir, undefined),
    });
    const next = await renewed.get(signIn.body.sessionId);
    expect(next?.credentials.accessKey).toBeDefined();
    expect(next?.credentials.accessKey).not.toBe(first?.credentials.accessKey);
  });
});

describe('a provider that cannot be reached', () => {
  it('answers idp_unreachable at once, not a hang', async () => {
    const port = await freePort();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-console-sso-down-'));
    const down = await buildApp({
      serverUrl: engine.url,
      dataDir: dir,
      openId: {
        configUrl: `http://127.0.0.1:${port}/.well-known/openid-configuration`,
        clientId: CLIENT_ID,
        scopes: ['openid'],
      },
    });
    try {
      const res = await down.inject({ method: 'GET', url: '/api/v1/login' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'idp_unreachable',
        message: 'The identity provider cannot be reached',
      });
    } finally {
      await down.close();
      await removeDir(dir);
    }
  });
});
