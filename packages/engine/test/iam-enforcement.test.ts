/**
 * IAM enforced end to end on a real engine process with real clients (minio-js, awscli): what an
 * administrator configures through the admin API is what S3 requests may do, on the next request.
 *
 * - a `readonly` user reads objects and sees the buckets it may read, but cannot write or create
 *   (and, as in MinIO, cannot list objects: `readonly` has no s3:ListBucket);
 * - a policy with `${aws:username}` and an `s3:prefix` condition confines a user to its home folder
 *   (listing, reading, writing, deleting in bulk, copying from elsewhere);
 * - a service account's keys work with awscli and stop working once deleted; a restricted one
 *   cannot exceed its session policy;
 * - a disabled user is refused at once and works again when re-enabled; a disabled group's
 *   policies stop applying;
 * - STS temporary credentials of a user carry its policy, narrowed by a session policy;
 * - anonymous requests are refused;
 * - all of it survives an engine restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminOk, assumeRole, createUser, rootKeys, type Keys } from './helpers/admin-calls.js';
import { awsEnv, bucketName, findAwsClis, run } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { requireSystemDeps } from './helpers/system-deps.js';

await requireSystemDeps(['aws']);
const [cli] = await findAwsClis();

let engine: EngineProcess;
let work: string;
const shared = bucketName('iam-shared');
const home = bucketName('iam-home');

function s3(keys: Keys): Client {
  const url = new URL(engine.url);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    ...(keys.sessionToken !== undefined ? { sessionToken: keys.sessionToken } : {}),
    region: 'us-east-1',
  });
}

async function readText(client: Client, bucket: string, key: string): Promise<string> {
  const stream = await client.getObject(bucket, key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The S3 error code a call fails with ('' when it succeeds). */
async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return '';
  } catch (err) {
    return String((err as { code?: unknown }).code ?? (err as Error).message);
  }
}

async function listNames(client: Client, bucket: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for await (const item of client.listObjectsV2(bucket, prefix, false)) {
    names.push(
      String((item as { name?: string; prefix?: string }).name ?? (item as { prefix?: string }).prefix),
    );
  }
  return names.sort();
}

const HOME_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: [`arn:aws:s3:::${home}`],
      Condition: { StringLike: { 's3:prefix': ['${aws:username}/*', '${aws:username}/'] } },
    },
    {
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      Resource: [`arn:aws:s3:::${home}/\${aws:username}/*`],
    },
  ],
});

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  work = await mkdtemp(path.join(os.tmpdir(), 'coffer-iam-'));
  const root = s3(rootKeys(engine));
  await root.makeBucket(shared);
  await root.makeBucket(home);
  await root.putObject(shared, 'doc.txt', Buffer.from('shared document'));
  await root.putObject(home, 'alice/a.txt', Buffer.from('alice file'));
  await root.putObject(home, 'bob/b.txt', Buffer.from('bob file'));
});

afterAll(async () => {
  await engine?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a readonly user', () => {
  let reader: Keys;
  beforeAll(async () => {
    reader = await createUser(engine, 'reader', 'reader-secret', ['readonly']);
  });

  it('reads objects and sees the buckets, but cannot write, create or delete', async () => {
    const c = s3(reader);
    expect(await readText(c, shared, 'doc.txt')).toBe('shared document');
    expect((await c.listBuckets()).map((b) => b.name).sort()).toEqual([home, shared].sort());
    expect(await codeOf(c.putObject(shared, 'new.txt', Buffer.from('x')))).toBe('AccessDenied');
    expect(await codeOf(c.makeBucket(bucketName('iam-denied')))).toBe('AccessDenied');
    expect(await codeOf(c.removeObject(shared, 'doc.txt'))).toBe('AccessDenied');
    // MinIO's readonly grants s3:GetObject and s3:GetBucketLocation only.
    expect(await codeOf(listNames(c, shared))).toBe('AccessDenied');
  });

  it('has no admin rights but may read its own account', async () => {
    const users = await adminCall(engine, reader, 'GET', 'list-users');
    expect(users.status).toBe(403);
    expect(users.json).toMatchObject({ Code: 'AccessDenied' });
    const own = await adminCall(engine, reader, 'GET', 'user-info', { query: { accessKey: 'reader' } });
    expect(own.json).toMatchObject({ status: 'enabled', policyName: 'readonly' });
    const other = await adminCall(engine, reader, 'GET', 'user-info', { query: { accessKey: 'someone' } });
    expect(other.status).toBe(403);
    const account = (await adminOk(engine, reader, 'GET', 'accountinfo')) as {
      AccountName: string;
      Policy: { Statement: { Action: string[] }[] };
      Buckets: { name: string; access: { read: boolean; write: boolean } }[];
    };
    expect(account.AccountName).toBe('reader');
    expect(account.Policy.Statement[0]?.Action).toEqual(['s3:GetBucketLocation', 's3:GetObject']);
    expect(account.Buckets.find((b) => b.name === shared)?.access).toEqual({ read: true, write: false });
  });
});

describe('a home-folder policy (${aws:username}, s3:prefix condition)', () => {
  let alice: Keys;
  beforeAll(async () => {
    await adminOk(engine, rootKeys(engine), 'PUT', 'add-canned-policy', {
      query: { name: 'home-folder' },
      body: HOME_POLICY,
    });
    alice = await createUser(engine, 'alice', 'alice-secret', ['home-folder']);
  });

  it('lists, reads and writes only its own prefix', async () => {
    const c = s3(alice);
    expect(await listNames(c, home, 'alice/')).toEqual(['alice/a.txt']);
    expect(await codeOf(listNames(c, home, 'bob/'))).toBe('AccessDenied');
    expect(await codeOf(listNames(c, home, ''))).toBe('AccessDenied');
    expect(await readText(c, home, 'alice/a.txt')).toBe('alice file');
    expect(await codeOf(readText(c, home, 'bob/b.txt'))).toBe('AccessDenied');
    await c.putObject(home, 'alice/new.txt', Buffer.from('new'));
    expect(await codeOf(c.putObject(home, 'bob/evil.txt', Buffer.from('x')))).toBe('AccessDenied');
  });

  it('DeleteObjects refuses the keys outside the folder one by one', async () => {
    const c = s3(alice);
    const result = (await c.removeObjects(home, ['alice/new.txt', 'bob/b.txt'])) as unknown as {
      Key?: string;
      Code?: string;
    }[];
    expect(result.map((e) => [e.Key, e.Code])).toEqual([['bob/b.txt', 'AccessDenied']]);
    expect(await readText(s3(rootKeys(engine)), home, 'bob/b.txt')).toBe('bob file');
    expect(await codeOf(readText(c, home, 'alice/new.txt'))).toBe('NoSuchKey');
  });

  it('cannot copy from an object it may not read', async () => {
    const c = s3(alice);
    const { CopyConditions } = await import('minio');
    const denied = await codeOf(
      c.copyObject(home, 'alice/copy.txt', `/${home}/bob/b.txt`, new CopyConditions()),
    );
    expect(denied).toBe('AccessDenied');
    await c.copyObject(home, 'alice/copy.txt', `/${home}/alice/a.txt`, new CopyConditions());
    expect(await readText(c, home, 'alice/copy.txt')).toBe('alice file');
  });
});

describe('service accounts', () => {
  let owner: Keys;
  beforeAll(async () => {
    owner = await createUser(engine, 'owner', 'owner-secret', ['readwrite']);
  });

  it('work with awscli and stop working once deleted', async () => {
    const created = (await adminOk(engine, owner, 'PUT', 'add-service-account', {
      body: { name: 'cli', description: 'for awscli' },
      encrypt: true,
      decrypt: true,
    })) as { credentials: { accessKey: string; secretKey: string; expiration: string } };
    const key = created.credentials;
    expect(key.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(key.expiration).toBe('1970-01-01T00:00:00Z');
    const env = await awsEnv(path.join(work, 'sa'), {
      url: engine.url,
      accessKey: key.accessKey,
      secretKey: key.secretKey,
    });
    const aws = (args: string[]) =>
      run(cli?.path ?? 'aws', ['--endpoint-url', engine.url, ...args], { env, allowFailure: true });
    const copied = await aws(['s3', 'cp', `s3://${shared}/doc.txt`, '-']);
    expect(copied.stderr).toBe('');
    expect(copied.stdout).toBe('shared document');
    const listed = await aws(['s3api', 'list-objects-v2', '--bucket', shared]);
    expect(listed.code).toBe(0);

    const list = (await adminOk(engine, owner, 'GET', 'list-service-accounts', { decrypt: true })) as {
      accounts: { accessKey: string; parentUser: string; name?: string; impliedPolicy: boolean }[];
    };
    expect(list.accounts).toEqual([
      expect.objectContaining({
        accessKey: key.accessKey,
        parentUser: 'owner',
        name: 'cli',
        impliedPolicy: true,
      }),
    ]);

    const deleted = await adminCall(engine, owner, 'DELETE', 'delete-service-account', {
      query: { accessKey: key.accessKey },
    });
    expect(deleted.status).toBe(204);
    const refused = await aws(['s3', 'cp', `s3://${shared}/doc.txt`, '-']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/InvalidAccessKeyId|403|Forbidden/);
  });

  it('a restricted one cannot exceed its session policy', async () => {
    const policy = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${shared}/*`] }],
    };
    const created = (await adminOk(engine, rootKeys(engine), 'PUT', 'add-service-account', {
      body: { targetUser: 'owner', policy },
      encrypt: true,
      decrypt: true,
    })) as { credentials: Keys };
    const c = s3(created.credentials);
    expect(await readText(c, shared, 'doc.txt')).toBe('shared document');
    expect(await codeOf(c.putObject(shared, 'x.txt', Buffer.from('x')))).toBe('AccessDenied');
    expect(await codeOf(readText(c, home, 'alice/a.txt'))).toBe('AccessDenied');
    // The parent could; the session policy is what stops it.
    expect(await readText(s3(owner), home, 'alice/a.txt')).toBe('alice file');
    const info = (await adminOk(engine, owner, 'GET', 'info-service-account', {
      query: { accessKey: created.credentials.accessKey },
      decrypt: true,
    })) as { impliedPolicy: boolean; policy: string; parentUser: string };
    expect(info).toMatchObject({ impliedPolicy: false, parentUser: 'owner' });
    expect(JSON.parse(info.policy)).toEqual(policy);
  });
});

describe('status changes take effect on the next request', () => {
  it('a disabled user is refused at once and works again when re-enabled', async () => {
    const carol = await createUser(engine, 'carol', 'carol-secret', ['readwrite']);
    const c = s3(carol);
    expect(await readText(c, shared, 'doc.txt')).toBe('shared document');
    await adminOk(engine, rootKeys(engine), 'PUT', 'set-user-status', {
      query: { accessKey: 'carol', status: 'disabled' },
    });
    expect(await codeOf(readText(c, shared, 'doc.txt'))).toBe('InvalidAccessKeyId');
    await adminOk(engine, rootKeys(engine), 'PUT', 'set-user-status', {
      query: { accessKey: 'carol', status: 'enabled' },
    });
    expect(await readText(c, shared, 'doc.txt')).toBe('shared document');
  });

  it("a disabled group's policies stop applying", async () => {
    const dan = await createUser(engine, 'dan', 'dan-secret');
    const root = rootKeys(engine);
    await adminOk(engine, root, 'PUT', 'update-group-members', {
      body: { group: 'writers', members: ['dan'], isRemove: false },
    });
    await adminOk(engine, root, 'POST', 'idp/builtin/policy/attach', {
      body: { policies: ['readwrite'], group: 'writers' },
      encrypt: true,
      decrypt: true,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const c = s3(dan);
    await c.putObject(shared, 'dan.txt', Buffer.from('dan'));
    await adminOk(engine, root, 'PUT', 'set-group-status', {
      query: { group: 'writers', status: 'disabled' },
    });
    expect(await codeOf(c.putObject(shared, 'dan.txt', Buffer.from('again')))).toBe('AccessDenied');
    await adminOk(engine, root, 'PUT', 'set-group-status', {
      query: { group: 'writers', status: 'enabled' },
    });
    await c.putObject(shared, 'dan.txt', Buffer.from('again'));
  });
});

describe('STS temporary credentials of a user', () => {
  it('carry its policy, narrowed by a session policy', async () => {
    const erin = await createUser(engine, 'erin', 'erin-secret', ['readonly']);
    const temp = await assumeRole(engine, erin);
    const c = s3(temp);
    expect(await readText(c, shared, 'doc.txt')).toBe('shared document');
    expect(await codeOf(c.putObject(shared, 'erin.txt', Buffer.from('x')))).toBe('AccessDenied');

    const narrow = await assumeRole(
      engine,
      erin,
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${home}/*`] }],
      }),
    );
    const n = s3(narrow);
    expect(await readText(n, home, 'alice/a.txt')).toBe('alice file');
    expect(await codeOf(readText(n, shared, 'doc.txt'))).toBe('AccessDenied');
    const account = (await adminOk(engine, narrow, 'GET', 'accountinfo')) as { AccountName: string };
    expect(account.AccountName).toBe('erin');
  });
});

it('anonymous requests are refused', async () => {
  const res = await fetch(`${engine.url}/${shared}/doc.txt`);
  expect(res.status).toBe(403);
  expect(await res.text()).toContain('<Code>AccessDenied</Code>');
});

describe('after a restart', () => {
  it('users, groups, policies, mappings and service accounts are all still there', async () => {
    const root = rootKeys(engine);
    const sa = (await adminOk(engine, root, 'PUT', 'add-service-account', {
      body: { targetUser: 'reader', accessKey: 'READERKEY', secretKey: 'reader-key-secret' },
      encrypt: true,
      decrypt: true,
    })) as { credentials: Keys };
    await adminOk(engine, root, 'PUT', 'set-user-status', {
      query: { accessKey: 'carol', status: 'disabled' },
    });
    await engine.restart();

    expect(await readText(s3({ accessKey: 'reader', secretKey: 'reader-secret' }), shared, 'doc.txt')).toBe(
      'shared document',
    );
    expect(await readText(s3(sa.credentials), shared, 'doc.txt')).toBe('shared document');
    expect(
      await codeOf(readText(s3({ accessKey: 'carol', secretKey: 'carol-secret' }), shared, 'doc.txt')),
    ).toBe('InvalidAccessKeyId');
    expect(await listNames(s3({ accessKey: 'alice', secretKey: 'alice-secret' }), home, 'alice/')).toEqual([
      'alice/a.txt',
      'alice/copy.txt',
    ]);
    const users = (await adminOk(engine, root, 'GET', 'list-users', { decrypt: true })) as Record<
      string,
      { status: string; policyName?: string; memberOf?: string[] }
    >;
    expect(Object.keys(users).sort()).toEqual(['alice', 'carol', 'dan', 'erin', 'owner', 'reader']);
    expect(users.carol?.status).toBe('disabled');
    expect(users.dan?.memberOf).toEqual(['writers']);
    expect(users.alice?.policyName).toBe('home-folder');
    const group = await adminOk(engine, root, 'GET', 'group', { query: { group: 'writers' } });
    expect(group).toMatchObject({ members: ['dan'], policy: 'readwrite', status: 'enabled' });
  });
});
