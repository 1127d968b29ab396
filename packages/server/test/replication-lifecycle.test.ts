/**
 * Replication, lifecycle and tiers through the console against two real engines (spec 1 §7,
 * spec 3 §7): the remote's buckets listed with its keys (wrong keys refused without ending the
 * session), buckets-replication of two versioned buckets (a remote target and a rule each; an
 * upload then appears on the remote) and of an unversioned one (its errorString, the others go
 * on), a rule's removal with its remote target; tiers added (the name rule), listed and given new
 * credentials; lifecycle rules added (expiry, transition to the tier; an unknown tier refused by
 * the engine), changed (status and tags) — each checked against what the engine itself holds —
 * and a transitioned object that still downloads through the console, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '@coffer/admin-client';
import type { Client } from 'minio';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

let source: EngineHandle;
let remote: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let s3: Client;
let remoteS3: Client;

interface ErrorBody {
  code: string;
  message: string;
  detailedMessage: string;
}
interface ReplicationState {
  replicationState: { originBucket: string; targetBucket: string; errorString: string }[];
}

const hostOf = (url: string) => new URL(url).host;

beforeAll(async () => {
  // A lifecycle "day" of one second and a short scan pause: a transition after 1 day runs at once.
  [source, remote] = await Promise.all([
    startEngine({ drives: 4, env: { COFFER_ILM_DAY_SECONDS: '1', COFFER_SCANNER_INTERVAL: '0.5' } }),
    startEngine({ drives: 4 }),
  ]);
  consoleApp = await startConsole(source.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(source.accessKey, source.secretKey);
  s3 = s3Client(source.url, source);
  remoteS3 = s3Client(remote.url, remote);
  for (const bucket of ['repl-a', 'repl-b', 'repl-plain', 'life']) await s3.makeBucket(bucket);
  for (const bucket of ['repl-a', 'repl-b', 'life'])
    await s3.setBucketVersioning(bucket, { Status: 'Enabled' });
  for (const bucket of ['dest-a', 'dest-b', 'warm']) {
    await remoteS3.makeBucket(bucket);
    await remoteS3.setBucketVersioning(bucket, { Status: 'Enabled' });
  }
}, 120_000);

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await Promise.all([source?.stop(), remote?.stop()]);
});

const remoteKeys = { accessKey: () => remote.accessKey, secretKey: () => remote.secretKey };

/** Waits (bounded) until `check` holds; answers its last value. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

async function remoteObjects(bucket: string): Promise<string[]> {
  const names: string[] = [];
  for await (const item of remoteS3.listObjectsV2(bucket, '', true)) if (item.name) names.push(item.name);
  return names;
}

describe('the API description', () => {
  it('names the replication, lifecycle and tier calls', async () => {
    const { status, body } = await client.json<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/v1/openapi.json',
    );
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/list-external-buckets',
        '/api/v1/buckets-replication',
        '/api/v1/buckets/{bucket}/replication/{ruleId}',
        '/api/v1/buckets/{bucket}/lifecycle',
        '/api/v1/buckets/{bucket}/lifecycle/{ruleId}',
        '/api/v1/admin/tiers',
        '/api/v1/admin/tiers/{type}/{name}/credentials',
      ]),
    );
  });
});

describe('replication', () => {
  it("lists the remote's buckets with its keys; wrong keys are the remote's refusal, the session lives on", async () => {
    const listed = await client.json('POST', '/api/v1/list-external-buckets', {
      json: {
        accessKey: remoteKeys.accessKey(),
        secretKey: remoteKeys.secretKey(),
        targetURL: hostOf(remote.url),
        useTLS: false,
      },
    });
    expect(listed).toEqual({
      status: 200,
      body: { buckets: [{ name: 'dest-a' }, { name: 'dest-b' }, { name: 'warm' }] },
    });

    const refused = await client.json<ErrorBody>('POST', '/api/v1/list-external-buckets', {
      json: { accessKey: 'nobody', secretKey: 'wrong-secret', targetURL: hostOf(remote.url), useTLS: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_request');
    expect(refused.body.detailedMessage).toContain('InvalidAccessKeyId');
    expect((await client.json('GET', '/api/v1/session')).status).toBe(200);
  });

  it('replicates two buckets to the remote; an upload appears there; an unversioned bucket says why', async () => {
    const { status, body } = await client.json<ReplicationState>('POST', '/api/v1/buckets-replication', {
      json: {
        accessKey: remoteKeys.accessKey(),
        secretKey: remoteKeys.secretKey(),
        targetURL: hostOf(remote.url),
        useTLS: false,
        region: '',
        syncMode: 'async',
        bandwidth: 100 * 1024 ** 3,
        healthCheckPeriod: 60,
        bucketsRelation: [
          { originBucket: 'repl-a', destinationBucket: 'dest-a' },
          { originBucket: 'repl-plain', destinationBucket: 'dest-b' },
          { originBucket: 'repl-b', destinationBucket: 'dest-b' },
          // Left unassigned in the wizard (no required-field checks, spec 1 §5): the server says why.
          { originBucket: 'repl-a', destinationBucket: '' },
        ],
      },
    });
    expect(status).toBe(200);
    const [a, plain, b, unassigned] = body.replicationState;
    expect(unassigned?.errorString).toMatch(/target bucket/);
    expect(a).toEqual({ originBucket: 'repl-a', targetBucket: 'dest-a', errorString: '' });
    expect(b).toEqual({ originBucket: 'repl-b', targetBucket: 'dest-b', errorString: '' });
    expect(plain?.originBucket).toBe('repl-plain');
    expect(plain?.errorString).not.toBe('');

    // The engine holds one rule naming the target's ARN, with the defaults of spec 1 §9.
    const rules = await client.json<{ rules: { id: string; destination: { bucket: string } }[] }>(
      'GET',
      '/api/v1/buckets/repl-a/replication',
    );
    expect(rules.body.rules).toHaveLength(1);
    expect(rules.body.rules[0]).toMatchObject({
      status: 'Enabled',
      priority: 1,
      prefix: '',
      tags: '',
      delete_marker_replication: true,
      deletes_replication: true,
    });
    const arn = rules.body.rules[0]?.destination.bucket ?? '';
    expect(arn).toMatch(/^arn:minio:replication:.*:dest-a$/);
    const admin = createAdminClient({
      endpoint: source.url,
      accessKey: source.accessKey,
      secretKey: source.secretKey,
    });
    const targets = await admin.listRemoteTargets('repl-a', 'replication');
    expect(targets.map((t) => t.arn)).toEqual([arn]);
    expect(targets[0]).toMatchObject({ targetbucket: 'dest-a', endpoint: hostOf(remote.url), secure: false });
    expect((await admin.listRemoteTargets('repl-plain', 'replication')).length).toBe(0);

    await s3.putObject('repl-b', 'hello.txt', Buffer.from('to the other side'));
    const arrived = await until(
      () => remoteObjects('dest-b'),
      (names) => names.includes('hello.txt'),
    );
    expect(arrived).toContain('hello.txt');
  });

  it('a second rule gets the next priority; deleting a rule removes it and, unused, its remote target', async () => {
    const again = await client.json<ReplicationState>('POST', '/api/v1/buckets-replication', {
      json: {
        accessKey: remoteKeys.accessKey(),
        secretKey: remoteKeys.secretKey(),
        targetURL: `http://${hostOf(remote.url)}`,
        useTLS: false,
        bucketsRelation: [{ originBucket: 'repl-a', destinationBucket: 'dest-b' }],
        prefix: 'docs/',
        tags: 'team=blue',
        replicateDeleteMarkers: false,
      },
    });
    expect(again.body.replicationState[0]?.errorString).toBe('');
    const listed = await client.json<{
      rules: { id: string; priority: number; prefix: string; tags: string }[];
    }>('GET', '/api/v1/buckets/repl-a/replication');
    const second = listed.body.rules.find((r) => r.priority === 2);
    expect(second).toMatchObject({ prefix: 'docs/', tags: 'team=blue' });

    const missing = await client.json<ErrorBody>('DELETE', '/api/v1/buckets/repl-a/replication/no-such-rule');
    expect(missing.status).toBe(404);

    const admin = createAdminClient({
      endpoint: source.url,
      accessKey: source.accessKey,
      secretKey: source.secretKey,
    });
    expect((await admin.listRemoteTargets('repl-a', 'replication')).length).toBe(2);
    const removed = await client.request('DELETE', `/api/v1/buckets/repl-a/replication/${second?.id ?? ''}`);
    expect(removed.status).toBe(204);
    const after = await client.json<{ rules: { priority: number }[] }>(
      'GET',
      '/api/v1/buckets/repl-a/replication',
    );
    expect(after.body.rules.map((r) => r.priority)).toEqual([1]);
    expect((await admin.listRemoteTargets('repl-a', 'replication')).map((t) => t.targetbucket)).toEqual([
      'dest-a',
    ]);
  });
});

describe('tiers and lifecycle', () => {
  const tier = (name: string) => ({
    type: 's3',
    s3: {
      name,
      endpoint: remote.url,
      accesskey: remote.accessKey,
      secretkey: remote.secretKey,
      bucket: 'warm',
      prefix: 'tiered',
      region: 'us-east-1',
    },
  });

  it('refuses a lowercase tier name with the spec message; adds, lists and re-keys a MinIO tier (sent as s3)', async () => {
    const lower = await client.json<ErrorBody>('POST', '/api/v1/admin/tiers', { json: tier('warm') });
    expect(lower.status).toBe(400);
    expect(lower.body.detailedMessage).toContain(
      'Please verify that string is uppercase only and contains valid characters (numbers, dashes & underscores).',
    );

    const added = await client.json<{ items: unknown[] }>('POST', '/api/v1/admin/tiers', {
      json: tier('WARM'),
    });
    expect(added.status).toBe(201);
    const listed = await client.json('GET', '/api/v1/admin/tiers');
    expect(listed.body).toEqual({
      items: [
        {
          type: 's3',
          s3: { name: 'WARM', endpoint: remote.url, bucket: 'warm', prefix: 'tiered', region: 'us-east-1' },
        },
      ],
    });
    const admin = createAdminClient({
      endpoint: source.url,
      accessKey: source.accessKey,
      secretKey: source.secretKey,
    });
    expect((await admin.listTiers()).map((t) => [t.Type, t.Name])).toEqual([['s3', 'WARM']]);

    const rekeyed = await client.request('PUT', '/api/v1/admin/tiers/s3/WARM/credentials', {
      json: { access_key: remote.accessKey, secret_key: remote.secretKey },
    });
    expect(rekeyed.status).toBe(204);
  });

  it('adds expiry and transition rules, refuses an unknown tier, and changes a rule’s status and tags', async () => {
    expect((await client.json('GET', '/api/v1/buckets/life/lifecycle')).body).toEqual({ lifecycle: [] });

    const expiry = await client.json<{ lifecycle: { id: string }[] }>(
      'POST',
      '/api/v1/buckets/life/lifecycle',
      {
        json: { prefix: 'logs/', tags: 'kind=log', expiry_days: 30, noncurrentversion_expiration_days: 7 },
      },
    );
    expect(expiry.status).toBe(201);
    expect(expiry.body.lifecycle[0]).toMatchObject({
      prefix: 'logs/',
      status: 'Enabled',
      expiration: { days: 30, noncurrent_expiration_days: 7 },
      tags: [{ key: 'kind', value: 'log' }],
    });

    const unknownTier = await client.json<ErrorBody>('POST', '/api/v1/buckets/life/lifecycle', {
      json: { prefix: 'x/', transition_days: 1, storage_class: 'NOPE' },
    });
    expect(unknownTier.status).toBe(400);
    expect(unknownTier.body.detailedMessage).toContain('InvalidStorageClass');

    const dated = await client.json<{ lifecycle: { expiration?: { date?: string } }[] }>(
      'POST',
      '/api/v1/buckets/life/lifecycle',
      { json: { prefix: 'old/', expiry_date: '2031-02-28T23:59:59Z' } },
    );
    expect(dated.status).toBe(201);
    expect(dated.body.lifecycle.map((r) => r.expiration?.date)).toContain('2031-02-28');

    const ruleId = expiry.body.lifecycle[0]?.id ?? '';
    const changed = await client.json<{
      lifecycle: { id: string; status: string; prefix: string; tags: unknown }[];
    }>('PUT', `/api/v1/buckets/life/lifecycle/${ruleId}`, {
      json: { disable: true, tags: 'kind=audit&keep=yes' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.lifecycle.find((r) => r.id === ruleId)).toMatchObject({
      status: 'Disabled',
      prefix: 'logs/',
      tags: [
        { key: 'kind', value: 'audit' },
        { key: 'keep', value: 'yes' },
      ],
    });
    // The engine's own document agrees.
    const engineRules = await s3.getBucketLifecycle('life');
    const stored = engineRules?.Rule?.find((r) => r.ID === ruleId);
    expect(stored?.Status).toBe('Disabled');

    expect(
      (await client.json('PUT', '/api/v1/buckets/life/lifecycle/nope', { json: { disable: false } })).status,
    ).toBe(404);
  });

  it('moves an object to the tier by a transition rule; the console still downloads it byte for byte', async () => {
    const body = Buffer.alloc(300 * 1024, 'cold bytes ');
    await s3.putObject('life', 'cold/report.bin', body);
    const rule = await client.json('POST', '/api/v1/buckets/life/lifecycle', {
      json: { prefix: 'cold/', transition_days: 1, storage_class: 'WARM' },
    });
    expect(rule.status).toBe(201);
    const moved = await until(
      () => remoteObjects('warm'),
      (names) => names.length > 0,
      30_000,
    );
    expect(moved.length).toBe(1);
    const res = await client.request('GET', '/api/v1/buckets/life/objects/download?prefix=cold%2Freport.bin');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  }, 60_000);
});
