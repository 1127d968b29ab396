/**
 * Share links against the real engine (issue 9 §3): a link outlives the sharer's session (logout),
 * is signed by a service account of the sharer restricted to that one object (and version) and
 * expiring with the link, honours the sharer's permissions (a disabled sharer's links stop, and
 * work again when re-enabled), stops at once when revoked and by itself when it expires (polled,
 * bounded), can only be made by an account that may read the object, and points at the
 * configured public address. Also the spec's refusals of a past date and of more than 7 days.
 */
import { createAdminClient, type AdminClient } from '@coffer/admin-client';
import { presignUrl } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { shareLinkPolicy } from '../src/routes/objects/share-service.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;
let rootAdmin: AdminClient;

const BUCKET = 'share-bucket';
const KEY = 'docs/report 2026.txt';
const BODY = 'quarterly numbers\n';

interface ShareLink {
  id: string;
  bucket: string;
  object: string;
  object_complete: boolean;
  version_id?: string;
  expires_at: string;
}

async function upload(client: ConsoleClient, bucket: string, key: string, body: string) {
  const slash = key.lastIndexOf('/');
  const fd = new FormData();
  fd.append('file', new Blob([body]), key.slice(slash + 1));
  const { status, body: answer } = await client.json<{ uploaded: { version_id?: string }[] }>(
    'POST',
    `/api/v1/buckets/${bucket}/objects/upload?prefix=${encodeURIComponent(key.slice(0, slash + 1))}`,
    { body: fd },
  );
  expect(status).toBe(200);
  return answer.uploaded[0]?.version_id;
}

function shareQuery(key: string, expires?: string, versionId?: string): string {
  const q = new URLSearchParams({ prefix: key });
  if (versionId !== undefined) q.set('version_id', versionId);
  if (expires !== undefined) q.set('expires', expires);
  return `/api/v1/buckets/${BUCKET}/objects/share?${q.toString()}`;
}

async function share(client: ConsoleClient, key: string, expires?: string, versionId?: string) {
  const { status, body } = await client.json<string>('GET', shareQuery(key, expires, versionId));
  expect(status, JSON.stringify(body)).toBe(200);
  expect(typeof body).toBe('string');
  return body;
}

async function links(client: ConsoleClient, query = ''): Promise<ShareLink[]> {
  const { status, body } = await client.json<{ links: ShareLink[] }>('GET', `/api/v1/share-links${query}`);
  expect(status).toBe(200);
  return body.links;
}

/** A fresh browser: no cookie, no credentials, just the URL. */
async function open(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/** Poll the link until it answers `status` (the state, not a fixed wait); bounded. */
async function until(url: string, status: number, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    if ((await open(url)).status === status) return;
    if (Date.now() > deadline) throw new Error(`the link never answered ${status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function newUser(name: string, policies: string[]) {
  const { status } = await root.json('POST', '/api/v1/users', {
    json: { accessKey: name, secretKey: `${name}-secret-1`, policies },
  });
  expect(status).toBe(201);
  const client = new ConsoleClient(consoleApp.url);
  await client.login(name, `${name}-secret-1`);
  return client;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
  rootAdmin = createAdminClient({
    endpoint: engine.url,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
  });
  expect(
    (await root.json('POST', '/api/v1/buckets', { json: { name: BUCKET, versioning: true } })).status,
  ).toBe(201);
  await upload(root, BUCKET, KEY, BODY);
  await upload(root, BUCKET, 'docs/other.txt', 'not shared');
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('a share link', () => {
  it('keeps working after the sharer signs out, and stops at once when revoked', async () => {
    const sharer = await newUser('sharer', ['readwrite']);
    const url = await share(sharer, KEY, `${3600_000}ms`);
    expect(url.startsWith(`${engine.url}/${BUCKET}/docs/report%202026.txt?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(await open(url)).toEqual({ status: 200, text: BODY });

    const mine = await links(sharer, `?bucket=${BUCKET}&object=${encodeURIComponent(KEY)}`);
    expect(mine).toHaveLength(1);
    const link = mine[0];
    if (!link) throw new Error('no link');
    expect(link).toMatchObject({ bucket: BUCKET, object: KEY, object_complete: true });
    expect(Math.abs(Date.parse(link.expires_at) - (Date.now() + 3600_000))).toBeLessThan(60_000);
    expect(new URL(url).searchParams.get('X-Amz-Credential')?.startsWith(`${link.id}/`)).toBe(true);
    // Another object's filter does not list it.
    expect(await links(sharer, `?bucket=${BUCKET}&object=docs%2Fother.txt`)).toEqual([]);

    // The link's key: the sharer's, its own policy reading this one object only, expiring with it.
    const info = await rootAdmin.infoServiceAccount(link.id);
    expect(info.parentUser).toBe('sharer');
    expect(info.impliedPolicy).toBe(false);
    expect(JSON.parse(info.policy)).toMatchObject({
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/${KEY}`] }],
    });
    expect(Math.abs(Date.parse(info.expiration ?? '') - Date.parse(link.expires_at))).toBeLessThan(1500);

    const logout = await sharer.request('POST', '/api/v1/logout');
    expect(logout.status).toBeLessThan(300);
    expect((await sharer.json('GET', '/api/v1/share-links')).status).toBe(401);
    expect(await open(url)).toEqual({ status: 200, text: BODY });

    await sharer.login('sharer', 'sharer-secret-1');
    const revoke = await sharer.request('DELETE', `/api/v1/share-links/${link.id}`);
    expect(revoke.status).toBe(204);
    expect((await open(url)).status).toBe(403);
    expect(await links(sharer)).toEqual([]);
  });

  it("honours the sharer's permissions: a disabled sharer's link stops, and works again when enabled", async () => {
    const sharer = await newUser('lender', ['readwrite']);
    const url = await share(sharer, KEY, `${600_000}ms`);
    expect((await open(url)).status).toBe(200);
    await rootAdmin.setUserStatus('lender', 'disabled');
    expect((await open(url)).status).toBe(403);
    await rootAdmin.setUserStatus('lender', 'enabled');
    expect(await open(url)).toEqual({ status: 200, text: BODY });
  });

  it('expires by itself (polled until refused, bounded) and its key is cleaned up', async () => {
    const sharer = await newUser('brief', ['readwrite']);
    // Long enough to be opened once on a busy machine; the expiry is then awaited as a state.
    const url = await share(sharer, KEY, '8000ms');
    const [link] = await links(sharer);
    if (!link) throw new Error('no link');
    expect(await open(url)).toEqual({ status: 200, text: BODY });
    await until(url, 403, 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(link.expires_at) - 1000);
    expect(await links(sharer)).toEqual([]);
    // Reading the list removed the expired key.
    const accounts = await rootAdmin.listServiceAccounts('brief');
    expect(accounts.filter((a) => a.accessKey === link.id)).toEqual([]);
  });

  it('cannot be made by an account that may not read the object, and makes no key then', async () => {
    const outsider = await newUser('outsider', []);
    const { status, body } = await outsider.json<{ code: string }>('GET', shareQuery(KEY, '60000ms'));
    expect(status).toBe(403);
    expect(body.code).toBe('access_denied');
    expect(await rootAdmin.listServiceAccounts('outsider')).toEqual([]);
  });

  it('shares one version: the link reads that version, not the latest', async () => {
    const v1 = await upload(root, BUCKET, 'docs/versioned.txt', 'first');
    await upload(root, BUCKET, 'docs/versioned.txt', 'second');
    if (v1 === undefined) throw new Error('no version id');
    const old = await share(root, 'docs/versioned.txt', '600000ms', v1);
    expect(new URL(old).searchParams.get('versionId')).toBe(v1);
    expect(await open(old)).toEqual({ status: 200, text: 'first' });
    const latest = await share(root, 'docs/versioned.txt', '600000ms');
    expect(await open(latest)).toEqual({ status: 200, text: 'second' });
  });

  it("root's links are restricted by policy too", async () => {
    const url = await share(root, KEY, '600000ms');
    expect((await open(url)).status).toBe(200);
    const id = new URL(url).searchParams.get('X-Amz-Credential')?.split('/')[0] ?? '';
    const info = await rootAdmin.infoServiceAccount(id);
    expect(info.parentUser).toBe(engine.accessKey);
    expect(info.impliedPolicy).toBe(false);
    expect(JSON.parse(info.policy)).toMatchObject({
      Statement: [{ Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/${KEY}`] }],
    });
    expect((await root.request('DELETE', `/api/v1/share-links/${id}`)).status).toBe(204);
    expect((await open(url)).status).toBe(403);
  });

  it("the link policy, on a key of root's with a known secret, reads that object (version) and nothing else", async () => {
    const v1 = await upload(root, BUCKET, 'docs/pinned.txt', 'one');
    const v2 = await upload(root, BUCKET, 'docs/pinned.txt', 'two');
    if (v1 === undefined || v2 === undefined) throw new Error('no version ids');
    const secretKey = 'policy-probe-secret-1';
    const probe = await rootAdmin.addServiceAccount({
      policy: shareLinkPolicy({ bucket: BUCKET, key: 'docs/pinned.txt', versionId: v1 }),
      secretKey,
    });
    const signed = (key: string, versionId?: string, method = 'GET') => {
      const url = new URL(`${engine.url}/${BUCKET}/${key}`);
      if (versionId !== undefined) url.searchParams.set('versionId', versionId);
      return presignUrl({
        method,
        url,
        accessKey: probe.accessKey,
        secretKey,
        region: 'us-east-1',
        expiresSeconds: 600,
      });
    };
    expect(await open(signed('docs/pinned.txt', v1))).toEqual({ status: 200, text: 'one' });
    expect((await open(signed('docs/pinned.txt', v2))).status).toBe(403);
    expect((await open(signed('docs/pinned.txt'))).status).toBe(403);
    expect((await open(signed('docs/other.txt'))).status).toBe(403);
    expect(
      (await fetch(signed('docs/pinned.txt', undefined, 'PUT'), { method: 'PUT', body: 'x' })).status,
    ).toBe(403);
    const list = new URL(`${engine.url}/${BUCKET}`);
    list.searchParams.set('list-type', '2');
    expect(
      (
        await open(
          presignUrl({
            method: 'GET',
            url: list,
            accessKey: probe.accessKey,
            secretKey,
            region: 'us-east-1',
            expiresSeconds: 600,
          }),
        )
      ).status,
    ).toBe(403);
    // A key with wildcard characters is matched literally, not as a pattern.
    const starPolicy = shareLinkPolicy({ bucket: BUCKET, key: 'docs/*' });
    expect(JSON.stringify(starPolicy)).toContain('docs/${*}');
  });

  it("refuses a past date and more than 7 days with the spec's messages", async () => {
    for (const [expires, message] of [
      ['0ms', 'Selected date must be greater than current time.'],
      ['604800001ms', 'You can share a file only for less than 7 days.'],
    ] as const) {
      const { status, body } = await root.json<{ code: string; message: string }>(
        'GET',
        shareQuery(KEY, expires),
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_request', message });
    }
    // Exactly 7 days is allowed.
    const url = await share(root, KEY, '604800000ms');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('604800');
  });

  it('does not revoke keys that are not share links', async () => {
    const own = await rootAdmin.addServiceAccount({ name: 'laptop' });
    const { status, body } = await root.json<{ code: string }>(
      'DELETE',
      `/api/v1/share-links/${own.accessKey}`,
    );
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
    expect((await rootAdmin.infoServiceAccount(own.accessKey)).name).toBe('laptop');
  });

  it('points at the configured public address of the storage server', async () => {
    const port = new URL(engine.url).port;
    const proxied = await startConsole(engine.url, { publicServerUrl: `http://localhost:${port}` });
    try {
      const client = new ConsoleClient(proxied.url);
      await client.login(engine.accessKey, engine.secretKey);
      const { status, body } = await client.json<string>('GET', shareQuery(KEY, '600000ms'));
      expect(status).toBe(200);
      expect(body.startsWith(`http://localhost:${port}/${BUCKET}/`)).toBe(true);
      // Signed for that host: it works there.
      expect(await open(body)).toEqual({ status: 200, text: BODY });
    } finally {
      await proxied.close();
      await removeDir(proxied.dataDir);
    }
  });
});
