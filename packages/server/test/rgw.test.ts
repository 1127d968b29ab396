/**
 * The console against a real S3 server that is not MinIO: Ceph RGW (issue 8 §8; started by
 * helpers/ceph-rgw.ts, one cluster per machine). Sign-in without STS, what the session says the
 * server offers, buckets with versioning and object locking, objects (upload incl. multipart,
 * list, versions, download, delete), sizes shown as unknown, admin-only calls answered plainly
 * "not offered", a missing bucket answered not-found — and a bucket named `minio` owned by another
 * RGW user (which turns RGW's answer to the admin probe into 403) changing none of it.
 */
import { createHash } from 'node:crypto';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCephRgw, type CephRgwHandle, type RgwUser } from './helpers/ceph-rgw.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { requireSystemDeps } from '../../engine/test/helpers/system-deps.js';

let rgw: CephRgwHandle;
let alice: RgwUser;
let bob: RgwUser;
let consoleApp: RunningConsole;
let client: ConsoleClient;

interface ObjectEntry {
  name: string;
  size?: number;
  version_id?: string;
  is_latest?: boolean;
  is_delete_marker?: boolean;
}
interface ErrorBody {
  code: string;
  message: string;
  detailedMessage: string;
}

const VERSIONED = 'rgw-versioned';
const LOCKED = 'rgw-locked';
const ELSEWHERE = 'rgw-made-elsewhere';
const MIB = 1024 * 1024;

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

function s3For(user: RgwUser): Client {
  const url = new URL(rgw.url);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: user.accessKey,
    secretKey: user.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
}

async function upload(c: ConsoleClient, bucket: string, prefix: string, name: string, data: Uint8Array) {
  const fd = new FormData();
  fd.append('file', new Blob([data], { type: 'application/octet-stream' }), name);
  return c.json<{ uploaded: { name: string; size: number; etag: string; version_id?: string }[] }>(
    'POST',
    `/api/v1/buckets/${bucket}/objects/upload?prefix=${encodeURIComponent(prefix)}`,
    { body: fd },
  );
}

/** Every admin-only call the console makes from its screens, with what it needs. */
const ADMIN_ONLY: [string, string][] = [
  ['GET', '/api/v1/users'],
  ['GET', '/api/v1/groups'],
  ['GET', '/api/v1/policies'],
  ['GET', '/api/v1/service-accounts'],
  ['GET', `/api/v1/bucket-policy/${VERSIONED}`],
  ['GET', `/api/v1/bucket-users/${VERSIONED}`],
  ['GET', '/api/v1/configs/region'],
  ['GET', '/api/v1/configs/logger_webhook/targets'],
  ['GET', '/api/v1/admin/notification_endpoints'],
  ['GET', '/api/v1/admin/arns'],
  ['DELETE', '/api/v1/admin/notification_endpoints/webhook/1'],
];

async function expectAdminOnlyNotOffered(c: ConsoleClient): Promise<void> {
  for (const [method, path] of ADMIN_ONLY) {
    const { status, body } = await c.json<ErrorBody>(method, path);
    expect({ path, status, code: body.code, message: body.message }).toEqual({
      path,
      status: 501,
      code: 'admin_api_not_offered',
      message: "This server does not offer MinIO's admin API",
    });
  }
}

beforeAll(async () => {
  await requireSystemDeps(['ceph']);
  rgw = await startCephRgw();
  console.log(`Ceph RGW answered after ${rgw.startMs} ms`);
  alice = await rgw.createUser('alice');
  bob = await rgw.createUser('bob');
  consoleApp = await startConsole(rgw.url, { region: 'us-east-1', uploadPartSize: 5 * MIB });
  client = new ConsoleClient(consoleApp.url);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await rgw?.stop();
});

describe('sign-in and what the session says', () => {
  it('refuses wrong keys with the one invalid-login answer', async () => {
    const stranger = new ConsoleClient(consoleApp.url);
    const res = await stranger.request('POST', '/api/v1/login', {
      json: { accessKey: alice.accessKey, secretKey: 'not-the-secret' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).code).toBe('invalid_login');
  });

  it('signs in with the keys (RGW has no STS) and lists only the S3 pages', async () => {
    await client.login(alice.accessKey, alice.secretKey);
    const { status, body } = await client.json('GET', '/api/v1/session');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      pages: ['/buckets', '/object-browser', '/login'],
      features: [],
      operator: false,
      distributedMode: false,
      capabilities: {
        adminApi: false,
        sts: false,
        versioning: true,
        objectLocking: true,
        quota: false,
        usage: false,
      },
    });
  });
});

describe('buckets', () => {
  it('creates a versioned bucket and a bucket with object locking', async () => {
    expect(
      (await client.json('POST', '/api/v1/buckets', { json: { name: VERSIONED, versioning: true } })).status,
    ).toBe(201);
    const versioning = await client.json('GET', `/api/v1/buckets/${VERSIONED}/versioning`);
    expect(versioning).toEqual({ status: 200, body: expect.objectContaining({ is_versioned: true }) });
    const locked = await client.json('POST', '/api/v1/buckets', {
      json: { name: LOCKED, versioning: true, locking: true },
    });
    expect(locked.status).toBe(201);
    // Object locking needs versioning; RGW turned it on with the lock.
    const lockedVersioning = await client.json('GET', `/api/v1/buckets/${LOCKED}/versioning`);
    expect(lockedVersioning.body).toEqual(expect.objectContaining({ is_versioned: true }));
    expect(await s3For(alice).getObjectLockConfig(LOCKED)).toEqual(
      expect.objectContaining({ objectLockEnabled: 'Enabled' }),
    );
  });

  it('lists the buckets (no usage to wait for: sizes only where the console counted them) and reads one', async () => {
    // Made by another client: RGW reports no usage, so its size is unknown.
    await s3For(alice).makeBucket(ELSEWHERE, 'us-east-1');
    try {
      const { status, body } = await client.json<{
        buckets: { name: string; size?: number }[];
        usage_pending: boolean;
      }>('GET', '/api/v1/buckets');
      expect(status).toBe(200);
      expect(body.buckets.map((b) => b.name)).toEqual([LOCKED, ELSEWHERE, VERSIONED]);
      // The console made these two just now: counted by listing them (empty), not left unknown.
      expect(body.buckets.map((b) => b.size)).toEqual([0, undefined, 0]);
      expect(body.usage_pending).toBe(false);
    } finally {
      await s3For(alice).removeBucket(ELSEWHERE);
    }
    const info = await client.json('GET', `/api/v1/buckets/${VERSIONED}`);
    expect(info).toEqual({
      status: 200,
      body: expect.objectContaining({ name: VERSIONED, access: 'PRIVATE' }),
    });
  });

  it('answers a bucket that does not exist with not-found', async () => {
    const { status, body } = await client.json<ErrorBody>('GET', '/api/v1/buckets/no-such-bucket-here');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });
});

describe('objects', () => {
  const small = Buffer.from('hello rgw');
  // Above the console's 5 MiB part size: sent as a multipart upload.
  const large = Buffer.alloc(11 * MIB, 7);

  it('uploads a small and a multipart object, lists them with sizes', async () => {
    expect((await upload(client, VERSIONED, 'docs/', 'small.txt', small)).status).toBe(200);
    const big = await upload(client, VERSIONED, 'docs/', 'large.bin', large);
    expect(big.status).toBe(200);
    expect(big.body.uploaded.map((u) => [u.name, u.size])).toEqual([['docs/large.bin', large.length]]);
    const { body } = await client.json<{ objects: ObjectEntry[] }>(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects?prefix=docs/`,
    );
    expect(body.objects.map((o) => [o.name, o.size])).toEqual([
      ['docs/large.bin', large.length],
      ['docs/small.txt', small.length],
    ]);
  });

  it('downloads both byte-identical', async () => {
    for (const [name, data] of [
      ['docs/small.txt', small],
      ['docs/large.bin', large],
    ] as const) {
      const res = await client.request('GET', `/api/v1/buckets/${VERSIONED}/objects/download?prefix=${name}`);
      expect(res.status).toBe(200);
      expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(data));
    }
  });

  it('keeps versions, deletes to a delete marker, then every version', async () => {
    await upload(client, VERSIONED, 'docs/', 'small.txt', Buffer.from('second'));
    const versions = await client.json<{ objects: ObjectEntry[] }>(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects?prefix=docs/small.txt&with_versions=true`,
    );
    expect(versions.body.objects.map((o) => [o.size, o.is_latest])).toEqual([
      [6, true],
      [small.length, false],
    ]);
    expect(await client.json('DELETE', `/api/v1/buckets/${VERSIONED}/objects?path=docs/small.txt`)).toEqual({
      status: 200,
      body: { deleted: 1, failed: 0, errors: [] },
    });
    const after = await client.json<{ objects: ObjectEntry[] }>(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects?prefix=docs/`,
    );
    expect(after.body.objects.map((o) => o.name)).toEqual(['docs/large.bin']);
    const all = await client.json<{ deleted: number; failed: number }>(
      'DELETE',
      `/api/v1/buckets/${VERSIONED}/objects?path=docs/&recursive=true&all_versions=true`,
    );
    expect(all.body).toEqual(expect.objectContaining({ deleted: 4, failed: 0 }));
    const empty = await client.json<{ objects: ObjectEntry[] }>(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects?prefix=docs/&with_versions=true&recursive=true`,
    );
    expect(empty.body.objects).toEqual([]);
  });
});

describe('what RGW does not offer', () => {
  it('answers every admin-only call "not offered", never NoSuchBucket', async () => {
    await expectAdminOnlyNotOffered(client);
  });

  it('still lists bucket events, over S3 (none set)', async () => {
    const { status, body } = await client.json('GET', `/api/v1/buckets/${VERSIONED}/events`);
    expect({ status, body }).toEqual({ status: 200, body: { events: [] } });
  });

  it('refuses a quota plainly and leaves no half-made bucket behind', async () => {
    const { status, body } = await client.json<ErrorBody>('POST', '/api/v1/buckets', {
      json: { name: 'rgw-quota', quota: { enabled: true, quota_type: 'hard', amount: 1024 } },
    });
    expect([status, body.code]).toEqual([501, 'admin_api_not_offered']);
    const list = await client.json<{ buckets: { name: string }[] }>('GET', '/api/v1/buckets');
    expect(list.body.buckets.map((b) => b.name)).not.toContain('rgw-quota');
  });
});

describe('a bucket named "minio" owned by another RGW user', () => {
  it('changes nothing for the signed-in user, in a running session or a new one', async () => {
    await s3For(bob).makeBucket('minio', 'us-east-1');
    // RGW now answers the admin probe 403 AccessDenied (XML), not 404 NoSuchBucket.
    const probe = await fetch(`${rgw.url}/minio/admin/v3/accountinfo`);
    expect(probe.status).toBe(403);

    const fresh = new ConsoleClient(consoleApp.url);
    await fresh.login(alice.accessKey, alice.secretKey);
    for (const c of [client, fresh]) {
      const session = await c.json<{ pages: string[]; capabilities: { adminApi: boolean } }>(
        'GET',
        '/api/v1/session',
      );
      expect(session.body.pages).toEqual(['/buckets', '/object-browser', '/login']);
      expect(session.body.capabilities.adminApi).toBe(false);
      const list = await c.json<{ buckets: { name: string }[] }>('GET', '/api/v1/buckets');
      expect(list.status).toBe(200);
      expect(list.body.buckets.map((b) => b.name)).toEqual([LOCKED, VERSIONED]);
      await expectAdminOnlyNotOffered(c);
    }
    expect((await upload(fresh, VERSIONED, '', 'after.txt', Buffer.from('still works'))).status).toBe(200);
  });
});
