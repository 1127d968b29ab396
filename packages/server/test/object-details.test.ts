/**
 * The object details page's calls through the console against the real engine (spec 2 §7), in a
 * bucket created with object locking (so versioned): a key with three versions listed with
 * `with_versions` / `with_metadata` (newest first, user metadata, tags, legal hold, retention);
 * tags replaced and removed; legal hold on (the version cannot be deleted) and off; a governance
 * retention set, holding the version, then removed; a compliance retention that cannot be removed
 * nor shortened (the engine's message answered); bad input refused before reaching S3; a bucket
 * without locking answering the engine's reason.
 */
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

interface Entry {
  name: string;
  version_id?: string;
  is_latest?: boolean;
  is_delete_marker?: boolean;
  user_metadata?: Record<string, string>;
  tags?: Record<string, string>;
  legal_hold_status?: string;
  retention_mode?: string;
  retention_until_date?: string;
}
interface ErrorBody {
  code: string;
  message: string;
  detailedMessage?: string;
}

const LOCKED = 'details-locked';
const PLAIN = 'details-plain';
const KEY = 'reports/q1 final.txt';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let s3: Client;
/** Version ids of KEY, oldest first. */
const versions: string[] = [];

const q = (key: string, versionId?: string) =>
  `prefix=${encodeURIComponent(key)}${versionId !== undefined ? `&version_id=${encodeURIComponent(versionId)}` : ''}`;

async function listing(key = KEY, bucket = LOCKED): Promise<Entry[]> {
  const { status, body } = await client.json<{ objects: Entry[] }>(
    'GET',
    `/api/v1/buckets/${bucket}/objects?${q(key)}&with_versions=true&with_metadata=true`,
  );
  expect(status).toBe(200);
  return body.objects;
}

async function version(versionId: string): Promise<Entry | undefined> {
  return (await listing()).find((e) => e.version_id === versionId);
}

/** Tomorrow's date at 23:59:59Z, as the console's modal sends it (spec 2 §9). */
function endOfDay(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T23:59:59Z`;
}

async function deleteVersion(versionId: string) {
  return client.json<ErrorBody & { deleted?: number; failed?: number }>(
    'DELETE',
    `/api/v1/buckets/${LOCKED}/objects?path=${encodeURIComponent(KEY)}&version_id=${versionId}`,
  );
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  s3 = s3Client(engine.url, engine);
  expect(
    (
      await client.json('POST', '/api/v1/buckets', {
        json: { name: LOCKED, locking: true, versioning: true },
      })
    ).status,
  ).toBe(201);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: PLAIN } })).status).toBe(201);
  for (const n of [1, 2, 3]) {
    const put = await s3.putObject(LOCKED, KEY, Buffer.from(`version ${n}`), undefined, {
      'Content-Type': 'text/plain',
      'X-Amz-Meta-Owner': `team-${n}`,
    });
    versions.push(put.versionId ?? '');
  }
  await s3.putObject(PLAIN, 'plain.txt', Buffer.from('plain'));
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('listing one object with versions and metadata', () => {
  it('lists every version of the key, newest first, with its user metadata', async () => {
    const entries = await listing();
    expect(entries.map((e) => e.version_id)).toEqual([...versions].reverse());
    expect(entries.map((e) => e.is_latest)).toEqual([true, false, false]);
    expect(entries[0]?.user_metadata).toMatchObject({ 'X-Amz-Meta-Owner': 'team-3' });
    expect(entries[2]?.user_metadata).toMatchObject({ 'X-Amz-Meta-Owner': 'team-1' });
    // Nothing set yet: no retention, no tags.
    expect(entries[0]?.retention_mode).toBeUndefined();
    expect(entries[0]?.tags ?? {}).toEqual({});
  });

  it('does not read lock details for a folder listing', async () => {
    const { body } = await client.json<{ objects: Entry[] }>(
      'GET',
      `/api/v1/buckets/${LOCKED}/objects?prefix=reports/&with_metadata=true`,
    );
    expect(body.objects.map((e) => e.name)).toEqual([KEY]);
    expect(body.objects[0]?.legal_hold_status).toBeUndefined();
  });
});

describe('tags', () => {
  it('replaces the tag set of the latest version, and of an older one by version id', async () => {
    const put = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/tags?${q(KEY)}`, {
      json: { tags: { project: 'apollo', '2026': '42' } },
    });
    expect(put.status).toBe(204);
    expect((await version(versions[2] ?? ''))?.tags).toEqual({ project: 'apollo', '2026': '42' });
    // Directly from the engine, too.
    expect(await s3.getObjectTagging(LOCKED, KEY)).toEqual(
      expect.arrayContaining([{ Key: 'project', Value: 'apollo' }]),
    );

    const older = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/tags?${q(KEY, versions[0])}`, {
      json: { tags: { stage: 'draft' } },
    });
    expect(older.status).toBe(204);
    expect((await version(versions[0] ?? ''))?.tags).toEqual({ stage: 'draft' });
    expect((await version(versions[2] ?? ''))?.tags).toEqual({ project: 'apollo', '2026': '42' });
  });

  it('an empty set removes every tag', async () => {
    const put = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/tags?${q(KEY, versions[0])}`, {
      json: { tags: {} },
    });
    expect(put.status).toBe(204);
    expect((await version(versions[0] ?? ''))?.tags ?? {}).toEqual({});
  });

  it('refuses more than ten tags and an empty key before reaching the storage server', async () => {
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    const many = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${LOCKED}/objects/tags?${q(KEY)}`, {
      json: { tags: eleven },
    });
    expect(many.status).toBe(400);
    expect(many.body.code).toBe('invalid_request');
    const empty = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${LOCKED}/objects/tags?${q(KEY)}`, {
      json: { tags: { '': 'v' } },
    });
    expect(empty.status).toBe(400);
  });
});

describe('legal hold', () => {
  it('on: listed ON and the version cannot be deleted; off: listed OFF and deletable again', async () => {
    const v1 = versions[0] ?? '';
    const on = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/legalhold?${q(KEY, v1)}`, {
      json: { status: 'enabled' },
    });
    expect(on.status).toBe(204);
    expect((await version(v1))?.legal_hold_status).toBe('ON');
    const refused = await deleteVersion(v1);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('partial_failure');

    const off = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/legalhold?${q(KEY, v1)}`, {
      json: { status: 'disabled' },
    });
    expect(off.status).toBe(204);
    expect((await version(v1))?.legal_hold_status).toBe('OFF');
  });

  it('refuses a status other than enabled or disabled', async () => {
    const bad = await client.json<ErrorBody>('PUT', `/api/v1/buckets/${LOCKED}/objects/legalhold?${q(KEY)}`, {
      json: { status: 'ON' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
  });
});

describe('retention', () => {
  it('governance: set on a version (which then cannot be deleted), then removed', async () => {
    const v2 = versions[1] ?? '';
    const until = endOfDay(1);
    const set = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/retention?${q(KEY, v2)}`, {
      json: { expires: until, mode: 'governance' },
    });
    expect(set.status).toBe(204);
    const listed = await version(v2);
    expect(listed?.retention_mode).toBe('governance');
    expect(Date.parse(listed?.retention_until_date ?? '')).toBe(Date.parse(until));
    expect((await s3.getObjectRetention(LOCKED, KEY, { versionId: v2 }))?.mode).toBe('GOVERNANCE');
    expect((await deleteVersion(v2)).status).toBe(403);

    const removed = await client.json('DELETE', `/api/v1/buckets/${LOCKED}/objects/retention?${q(KEY, v2)}`);
    expect(removed.status).toBe(204);
    expect((await version(v2))?.retention_mode).toBeUndefined();
    // Nothing protects it any more.
    const deleted = await deleteVersion(v2);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(1);
    expect((await listing()).map((e) => e.version_id)).toEqual([versions[2], versions[0]]);
  });

  it('compliance: set on the latest version; removing or shortening it is refused with the server message', async () => {
    const v3 = versions[2] ?? '';
    const set = await client.json('PUT', `/api/v1/buckets/${LOCKED}/objects/retention?${q(KEY)}`, {
      json: { expires: endOfDay(2), mode: 'compliance' },
    });
    expect(set.status).toBe(204);
    expect((await version(v3))?.retention_mode).toBe('compliance');

    const remove = await client.json<ErrorBody>(
      'DELETE',
      `/api/v1/buckets/${LOCKED}/objects/retention?${q(KEY, v3)}`,
    );
    expect(remove.status).toBe(403);
    expect(remove.body.code).toBe('access_denied');
    expect(remove.body.message).toBe('Access Denied because object protected by object lock.');
    const shorter = await client.json<ErrorBody>(
      'PUT',
      `/api/v1/buckets/${LOCKED}/objects/retention?${q(KEY, v3)}`,
      {
        json: { expires: endOfDay(1), mode: 'governance' },
      },
    );
    expect(shorter.status).toBe(403);
    expect((await version(v3))?.retention_mode).toBe('compliance');
  });

  it('refuses a bad date, mode or version id before reaching the storage server', async () => {
    const base = `/api/v1/buckets/${LOCKED}/objects/retention`;
    const badDate = await client.json<ErrorBody>('PUT', `${base}?${q(KEY)}`, {
      json: { expires: 'tomorrow', mode: 'governance' },
    });
    expect(badDate.status).toBe(400);
    const badMode = await client.json<ErrorBody>('PUT', `${base}?${q(KEY)}`, {
      json: { expires: endOfDay(1), mode: 'legal' },
    });
    expect(badMode.status).toBe(400);
    const badVersion = await client.json<ErrorBody>(
      'DELETE',
      `${base}?${q(KEY)}&version_id=${encodeURIComponent('x&versionId=y')}`,
    );
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.code).toBe('invalid_request');
  });

  it('a date in the past is refused by the storage server with its message', async () => {
    const past = await client.json<ErrorBody>(
      'PUT',
      `/api/v1/buckets/${LOCKED}/objects/retention?${q(KEY, versions[0])}`,
      {
        json: { expires: '2020-01-01T23:59:59Z', mode: 'governance' },
      },
    );
    expect(past.status).toBe(400);
    expect(past.body.message.toLowerCase()).toContain('retain until date must be in the future');
  });
});

describe('an account without s3:BypassGovernanceRetention', () => {
  it('may set a governance retention but not remove it; the administrator can', async () => {
    const key = 'reports/limited.txt';
    await s3.putObject(LOCKED, key, Buffer.from('limited'));
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:ListBucket', 's3:ListBucketVersions', 's3:GetBucketVersioning'],
          Resource: [`arn:aws:s3:::${LOCKED}`],
        },
        {
          Effect: 'Allow',
          Action: [
            's3:GetObject',
            's3:GetObjectVersion',
            's3:GetObjectRetention',
            's3:PutObjectRetention',
            's3:GetObjectLegalHold',
          ],
          Resource: [`arn:aws:s3:::${LOCKED}/*`],
        },
      ],
    };
    const saved = await client.json('POST', '/api/v1/policies', {
      json: { name: 'retention-only', policy: JSON.stringify(policy) },
    });
    expect(saved.status).toBeLessThan(300);
    const created = await client.json('POST', '/api/v1/users', {
      json: { accessKey: 'retainer', secretKey: 'retainer-secret', policies: ['retention-only'] },
    });
    expect(created.status).toBeLessThan(300);
    const limited = new ConsoleClient(consoleApp.url);
    await limited.login('retainer', 'retainer-secret');

    const base = `/api/v1/buckets/${LOCKED}/objects/retention?${q(key)}`;
    const set = await limited.json('PUT', base, { json: { expires: endOfDay(1), mode: 'governance' } });
    expect(set.status).toBe(204);
    const refused = await limited.json<ErrorBody>('DELETE', base);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('access_denied');
    expect((await listing(key))[0]?.retention_mode).toBe('governance');

    expect((await client.json('DELETE', base)).status).toBe(204);
    expect((await listing(key))[0]?.retention_mode).toBeUndefined();
  });
});

describe('a bucket without object locking', () => {
  it('lists the object without lock details, and refuses retention and legal hold with the reason', async () => {
    const [entry] = await listing('plain.txt', PLAIN);
    expect(entry?.name).toBe('plain.txt');
    expect(entry?.legal_hold_status).toBeUndefined();
    expect(entry?.retention_mode).toBeUndefined();
    const hold = await client.json<ErrorBody>(
      'PUT',
      `/api/v1/buckets/${PLAIN}/objects/legalhold?${q('plain.txt')}`,
      {
        json: { status: 'enabled' },
      },
    );
    expect(hold.status).toBe(400);
    expect(hold.body.message).toBe('Bucket is missing ObjectLockConfiguration');
    const tags = await client.json('PUT', `/api/v1/buckets/${PLAIN}/objects/tags?${q('plain.txt')}`, {
      json: { tags: { a: 'b' } },
    });
    expect(tags.status).toBe(204);
    expect((await listing('plain.txt', PLAIN))[0]?.tags).toEqual({ a: 'b' });
  });
});
