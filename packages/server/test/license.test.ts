/**
 * The License page's calls against the real engine (issue 13 §4, spec 2 §7 "Subscription"): no
 * subscription stored (not_found: the page shows Community); license keys verified offline
 * against the configured public key — a valid key is stored and answered by info and refresh, a
 * key signed by another key, tampered, expired or without its claims is refused; the online
 * sign-in answers "cannot be reached" within its bound; only accounts with the rights may read
 * or activate.
 */
import { createServer, type Server } from 'node:net';
import { SignJWT, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
/** Accepts connections and never answers: a service that hangs. */
let silent: Server;

function licenseKey(claims: Record<string, unknown>, key = signingKey, expiresIn = '365d'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES384' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const CLAIMS = { org: 'Example Org', plan: 'ENTERPRISE', cap: 50, sub: 'ops@example.com' };

beforeAll(async () => {
  const pair = await generateKeyPair('ES384', { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES384')).privateKey;
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  engine = await startEngine({ drives: 1 });
  consoleApp = await startConsole(engine.url, {
    license: {
      publicKeyPem: await exportSPKI(pair.publicKey),
      serviceUrl: `http://127.0.0.1:${port}`,
      serviceTimeoutMs: 500,
    },
  });
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
  silent?.close();
});

describe('subscription', () => {
  it('has none stored at first: info is not_found (the page shows Community)', async () => {
    const { status, body } = await root.json('GET', '/api/v1/subscription/info');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
    const refresh = await root.json('POST', '/api/v1/subscription/refresh');
    expect(refresh.status).toBe(400);
    expect(refresh.body.code).toBe('invalid_license');
  });

  it('refuses keys that are not signed with the configured key, tampered, expired or incomplete', async () => {
    const valid = await licenseKey(CLAIMS);
    const [h, , s] = valid.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...CLAIMS, cap: 5000 })).toString('base64url')}.${s}`;
    const cases = [
      await licenseKey(CLAIMS, otherKey),
      forged,
      await licenseKey(CLAIMS, signingKey, '-1h'),
      await licenseKey({ plan: 'STANDARD' }),
      'not a token',
    ];
    for (const license of cases) {
      const { status, body } = await root.json('POST', '/api/v1/subscription/validate', {
        json: { license },
      });
      expect({ status, code: body.code }).toEqual({ status: 400, code: 'invalid_license' });
    }
    expect((await root.json('GET', '/api/v1/subscription/info')).status).toBe(404);
  });

  it('activates a valid key offline; info and refresh answer it', async () => {
    const license = await licenseKey(CLAIMS);
    const { status, body } = await root.json('POST', '/api/v1/subscription/validate', { json: { license } });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      plan: 'ENTERPRISE',
      organization: 'Example Org',
      storage_capacity: 50,
      email: 'ops@example.com',
    });
    expect(new Date(String(body.expires_at)).getTime()).toBeGreaterThan(Date.now() + 364 * 86400_000);
    expect((await root.json('GET', '/api/v1/subscription/info')).body).toEqual(body);
    expect((await root.json('POST', '/api/v1/subscription/refresh')).body).toEqual(body);
  });

  it("answers the online sign-in with 'cannot be reached' within its bound, not a hang", async () => {
    const started = Date.now();
    const { status, body } = await root.json('POST', '/api/v1/subscription/validate', {
      json: { email: 'ops@example.com', password: 'secret' },
    });
    expect(status).toBe(503);
    expect(body).toMatchObject({
      code: 'subscription_service_unreachable',
      message: "MinIO's subscription service cannot be reached",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('needs admin:ServerInfo to read and admin:ConfigUpdate to activate', async () => {
    expect(
      (
        await root.json('POST', '/api/v1/users', {
          json: { accessKey: 'reader-only', secretKey: 'reader-secret-1', policies: ['readonly'] },
        })
      ).status,
    ).toBe(201);
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('reader-only', 'reader-secret-1');
    expect((await reader.json('GET', '/api/v1/subscription/info')).status).toBe(403);
    const write = await reader.json('POST', '/api/v1/subscription/validate', {
      json: { license: await licenseKey(CLAIMS) },
    });
    expect(write.status).toBe(403);
    const session = await reader.json<{ pages: string[] }>('GET', '/api/v1/session');
    expect(session.body.pages).not.toContain('/license');
    expect((await root.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).toContain('/license');
  });
});
