/**
 * Who may scrape the Prometheus endpoints, over HTTP on a real engine (wire doc §3.16): as in
 * MinIO, any enabled account whose policies allow `admin:Prometheus` (an explicit Deny wins),
 * with a bearer JWT signed with its own secret key; temporary credentials also need their session
 * token and their session policy's Allow. Root always may; the `public` auth type lets anyone in.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signJwt } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import { adminCall, adminOk, assumeRole, createUser, type Keys } from './helpers/admin-calls.js';

const root = { accessKey: 'metricsroot', secretKey: 'metricsroot-secret' };
let dir: string;
let engine: Engine;
let endpoint: { url: string; accessKey: string; secretKey: string };

function bearer(keys: Keys): string {
  const exp = Math.floor(Date.now() / 1000) + 600;
  return signJwt({ exp, sub: keys.accessKey, iss: 'prometheus' }, keys.secretKey, 'HS512');
}

/** One scrape of the cluster metrics as `keys` (with their session token when they have one). */
async function scrape(keys: Keys | undefined, url = engine.url): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (keys) headers.authorization = `Bearer ${bearer(keys)}`;
  if (keys?.sessionToken !== undefined) headers['x-amz-security-token'] = keys.sessionToken;
  const res = await fetch(`${url}/minio/v2/metrics/cluster`, { headers });
  return { status: res.status, text: await res.text() };
}

async function addPolicy(name: string, statements: unknown[]): Promise<void> {
  await adminOk(endpoint, root, 'PUT', 'add-canned-policy', {
    query: { name },
    body: JSON.stringify({ Version: '2012-10-17', Statement: statements }),
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-metrics-auth-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
  });
  endpoint = { url: engine.url, ...root };
  await addPolicy('scrape-only', [{ Effect: 'Allow', Action: ['admin:Prometheus'] }]);
  await addPolicy('no-scrape', [{ Effect: 'Deny', Action: ['admin:Prometheus'] }]);
});

afterAll(async () => {
  await engine?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Prometheus scrapes by IAM policy', () => {
  it('root scrapes; so does a user allowed admin:Prometheus (own policy or built-in diagnostics)', async () => {
    const rootReply = await scrape(root);
    expect(rootReply.status).toBe(200);
    expect(rootReply.text).toContain('minio_cluster_drive_online_total 4\n');
    const scraper = await createUser(endpoint, 'scraper', 'scraper-secret', ['scrape-only']);
    const reply = await scrape(scraper);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('minio_cluster_drive_online_total 4\n');
    const diagnostician = await createUser(endpoint, 'diagnostician', 'diag-secret', ['diagnostics']);
    expect((await scrape(diagnostician)).status).toBe(200);
    const admin = await createUser(endpoint, 'console-admin', 'console-admin-secret', ['consoleAdmin']);
    expect((await scrape(admin)).status).toBe(200);
  });

  it('refuses a user without admin:Prometheus, and one whose Allow an explicit Deny overrides', async () => {
    const reader = await createUser(endpoint, 'reader', 'reader-secret', ['readwrite']);
    const refused = await scrape(reader);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ Code: 'AccessDenied' });
    const denied = await createUser(endpoint, 'denied', 'denied-secret', ['consoleAdmin', 'no-scrape']);
    expect((await scrape(denied)).status).toBe(403);
    // The Deny only takes the scrape: the rest of consoleAdmin still holds.
    expect((await adminCall(endpoint, denied, 'GET', 'list-users')).status).toBe(200);
  });

  it('refuses a disabled user, and lets it scrape again once enabled', async () => {
    const keys = await createUser(endpoint, 'toggled', 'toggled-secret', ['scrape-only']);
    expect((await scrape(keys)).status).toBe(200);
    await adminOk(endpoint, root, 'PUT', 'set-user-status', {
      query: { accessKey: 'toggled', status: 'disabled' },
    });
    expect((await scrape(keys)).status).toBe(403);
    await adminOk(endpoint, root, 'PUT', 'set-user-status', {
      query: { accessKey: 'toggled', status: 'enabled' },
    });
    expect((await scrape(keys)).status).toBe(200);
  });

  it('a user’s token signed with another secret, or naming another key, is refused', async () => {
    await createUser(endpoint, 'forger', 'forger-secret', ['scrape-only']);
    expect((await scrape({ accessKey: 'forger', secretKey: root.secretKey })).status).toBe(403);
    expect((await scrape({ accessKey: root.accessKey, secretKey: 'forger-secret' })).status).toBe(403);
  });

  it('temporary credentials need their session token and their session policy’s Allow', async () => {
    const parent = await createUser(endpoint, 'sts-parent', 'sts-parent-secret', ['diagnostics']);
    const temp = await assumeRole(endpoint, parent);
    expect((await scrape(temp)).status).toBe(200);
    const { sessionToken: _token, ...withoutToken } = temp;
    expect((await scrape(withoutToken)).status).toBe(403);
    expect((await scrape({ ...temp, sessionToken: 'not-the-token' })).status).toBe(403);
    // A session token on long-term keys is refused, as for signed requests.
    expect((await scrape({ ...parent, sessionToken: temp.sessionToken ?? '' })).status).toBe(403);
    const narrowed = await assumeRole(
      endpoint,
      parent,
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['admin:ServerInfo'] }],
      }),
    );
    expect((await scrape(narrowed)).status).toBe(403);
    const rootTemp = await assumeRole(endpoint, root);
    expect((await scrape(rootTemp)).status).toBe(200);
  });

  it('with the public auth type anyone scrapes', async () => {
    await mkdir(join(dir, 'public-drive'));
    const open = await createEngine({
      address: '127.0.0.1:0',
      drives: [join(dir, 'public-drive')],
      dataDir: join(dir, 'public-drive'),
      rootUser: root.accessKey,
      rootPassword: root.secretKey,
      env: {},
      prometheusAuthType: 'public',
    });
    try {
      expect((await scrape(undefined, open.url)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
