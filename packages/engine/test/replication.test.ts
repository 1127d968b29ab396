/**
 * Bucket replication end to end (issue 12 §1): two engines started in-process with `createEngine`
 * on loopback, the source replicating to the target over HTTP as any S3 client would. Remote
 * targets go through the admin API (madmin-encrypted, MinIO's checks and errors), the rules
 * through PutBucketReplication; then puts (single and multipart, metadata, tags), overwrites,
 * deletes and delete markers arrive on the target with the same version ids; status headers
 * (PENDING/COMPLETED/FAILED on the source, REPLICA on the target) show in HEAD and in the
 * `metadata=true` listing; prefix and tag filters hold; existing objects are sent when the rule
 * asks for it; and with the target down the backlog waits — across a restart of the source —
 * and drains once the target is back. Retry pauses are shortened through the engine option.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  GetObjectTaggingCommand,
  ListObjectVersionsCommand,
  PutObjectLegalHoldCommand,
  PutObjectRetentionCommand,
  PutObjectTaggingCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { MADMIN_ALG_PBKDF2_AES_GCM, encryptData } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import { adminCall, type Keys } from './helpers/admin-calls.js';
import { buildMadminProbe, probeSteps, runMadminProbe } from './helpers/madmin-probe.js';
import { sdkClient } from './helpers/sdk-client.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { signedRequest } from './helpers/signed-request.js';

const sourceRoot: Keys = { accessKey: 'replsource', secretKey: 'repl-source-secret-1234' };
const targetRoot: Keys = { accessKey: 'repltarget', secretKey: 'repl-target-secret-1234' };

let dir: string;
let source: Engine;
let target: Engine;
let src: S3Client;
let dst: S3Client;
let arnMain: string;
let arnTagged: string;

async function start(name: string, keys: Keys, address = '127.0.0.1:0'): Promise<Engine> {
  const drive = join(dir, name, 'drive');
  await mkdir(drive, { recursive: true });
  return createEngine({
    address,
    drives: [drive],
    dataDir: join(dir, name),
    rootUser: keys.accessKey,
    rootPassword: keys.secretKey,
    env: {},
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
    replicationRetry: { initialMs: 100, maxMs: 400 },
    prometheusAuthType: 'public',
  });
}

/** Poll `read` until `done` holds (state, not time); fail after `ms`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`state not reached in ${ms} ms: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

async function head(client: S3Client, bucket: string, key: string, versionId?: string) {
  try {
    return await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }),
    );
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw err;
  }
}

const status = async (bucket: string, key: string, versionId?: string) =>
  (await head(src, bucket, key, versionId))?.ReplicationStatus;

async function body(client: S3Client, bucket: string, key: string, versionId?: string): Promise<string> {
  const res = await client.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }),
  );
  return (await res.Body?.transformToString()) ?? '';
}

async function versioned(client: S3Client, bucket: string): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  await client.send(
    new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
  );
}

function remoteTarget(bucket: string, secretKey = targetRoot.secretKey) {
  return {
    sourcebucket: 'src',
    endpoint: new URL(target.url).host,
    credentials: { accessKey: targetRoot.accessKey, secretKey },
    targetbucket: bucket,
    secure: false,
    api: 's3v4',
    type: 'replication',
  };
}

/**
 * set-remote-target with madmin's PBKDF2 envelope (what a FIPS MinIO and madmin emit; Argon2id costs
 * seconds per call on a loaded machine). One call below uses the default Argon2id envelope.
 */
async function setTarget(bucket: string, doc: unknown) {
  const body = await encryptData(sourceRoot.secretKey, Buffer.from(JSON.stringify(doc)), {
    algorithm: MADMIN_ALG_PBKDF2_AES_GCM,
  });
  const reply = await signedRequest(source.url, sourceRoot, {
    method: 'PUT',
    path: `/minio/admin/v3/set-remote-target?bucket=${encodeURIComponent(bucket)}`,
    body,
  });
  let json: unknown;
  try {
    json = JSON.parse(reply.body) as unknown;
  } catch {
    json = undefined;
  }
  return { status: reply.status, json };
}

function putReplication(xml: string) {
  return signedRequest(source.url, sourceRoot, { method: 'PUT', path: '/src?replication', body: xml });
}

const rule = (id: string, priority: number, arn: string, filter: string, extra: string) =>
  `<Rule><ID>${id}</ID><Status>Enabled</Status><Priority>${priority}</Priority>${extra}` +
  `<Filter>${filter}</Filter><Destination><Bucket>${arn}</Bucket></Destination></Rule>`;
const enabled = (name: string) => `<${name}><Status>Enabled</Status></${name}>`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-repl-'));
  target = await start('target', targetRoot);
  source = await start('source', sourceRoot);
  src = sdkClient(source.url, sourceRoot);
  dst = sdkClient(target.url, targetRoot);
  await versioned(src, 'src');
  await versioned(dst, 'dst');
  await versioned(dst, 'dst-tagged');
  await dst.send(new CreateBucketCommand({ Bucket: 'dst-plain' }));
  await src.send(new CreateBucketCommand({ Bucket: 'unversioned' }));
  // Before any rule: replicated later only because its rule asks for existing objects.
  await src.send(new PutObjectCommand({ Bucket: 'src', Key: 'docs/existing.txt', Body: 'was here first' }));
});

afterAll(async () => {
  src?.destroy();
  dst?.destroy();
  await source?.close();
  await target?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('remote targets (admin API)', () => {
  it('refuses what MinIO refuses, with its errors', async () => {
    const unversioned = await setTarget('unversioned', {
      ...remoteTarget('dst'),
      sourcebucket: 'unversioned',
    });
    expect(unversioned.status).toBe(400);
    expect(unversioned.json).toMatchObject({ Code: 'InvalidRequest' });
    const missing = await setTarget('src', remoteTarget('no-such-bucket'));
    expect([missing.status, (missing.json as { Code: string }).Code]).toEqual([
      404,
      'RemoteDestinationNotFoundError',
    ]);
    const notVersioned = await setTarget('src', remoteTarget('dst-plain'));
    expect([notVersioned.status, (notVersioned.json as { Code: string }).Code]).toEqual([
      400,
      'RemoteTargetNotVersionedError',
    ]);
    const badKeys = await setTarget('src', remoteTarget('dst', 'wrong-secret-123456'));
    expect([badKeys.status, (badKeys.json as { Code: string }).Code]).toEqual([
      503,
      'XMinioAdminReplicationRemoteConnectionError',
    ]);
    const plain = await adminCall(source, sourceRoot, 'PUT', 'set-remote-target', {
      query: { bucket: 'src' },
      body: remoteTarget('dst'),
    });
    expect(plain.status).toBe(400);
  });

  it('answers the ARN as a JSON string, the same one again for the same target, and lists targets without secrets', async () => {
    // madmin's default envelope (Argon2id) for this one.
    const first = await adminCall(source, sourceRoot, 'PUT', 'set-remote-target', {
      query: { bucket: 'src' },
      body: remoteTarget('dst'),
      encrypt: true,
    });
    expect(first.status).toBe(200);
    arnMain = first.json as string;
    expect(arnMain).toMatch(/^arn:minio:replication::[0-9a-f-]{36}:dst$/);
    expect((await setTarget('src', remoteTarget('dst'))).json).toBe(arnMain);
    arnTagged = (await setTarget('src', remoteTarget('dst-tagged'))).json as string;
    expect(arnTagged).not.toBe(arnMain);

    const list = await adminCall(source, sourceRoot, 'GET', 'list-remote-targets', {
      query: { bucket: 'src', type: 'replication' },
    });
    expect(list.status).toBe(200);
    const targets = list.json as Record<string, unknown>[];
    expect(targets.map((t) => t.arn)).toEqual([arnMain, arnTagged]);
    expect(targets[0]).toMatchObject({
      sourcebucket: 'src',
      endpoint: new URL(target.url).host,
      targetbucket: 'dst',
      secure: false,
      type: 'replication',
      isOnline: true,
      credentials: { accessKey: targetRoot.accessKey, secretKey: '' },
    });
    expect(list.text).not.toContain(targetRoot.secretKey);
    const all = await adminCall(source, sourceRoot, 'GET', 'list-remote-targets', {
      query: { bucket: '', type: '' },
    });
    expect((all.json as unknown[]).length).toBe(2);
  });
});

describe('PutBucketReplication', () => {
  it('needs a known target ARN and refuses tag filters with delete-marker replication', async () => {
    const unknown = await putReplication(
      `<ReplicationConfiguration>${rule('r', 1, 'arn:minio:replication::0000:dst', '<Prefix>docs/</Prefix>', '')}</ReplicationConfiguration>`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('XMinioAdminRemoteTargetNotFoundError');
    const tagged = await putReplication(
      `<ReplicationConfiguration>${rule('t', 1, arnTagged, '<Tag><Key>k</Key><Value>v</Value></Tag>', enabled('DeleteMarkerReplication'))}</ReplicationConfiguration>`,
    );
    expect(tagged.status).toBe(400);
    const unversioned = await signedRequest(source.url, sourceRoot, {
      method: 'PUT',
      path: '/unversioned?replication',
      body: `<ReplicationConfiguration>${rule('r', 1, arnMain, '', '')}</ReplicationConfiguration>`,
    });
    expect(unversioned.status).toBe(400);
    expect(unversioned.body).toContain('Versioning must be');
  });

  it('stores the rules (GET answers them) and sends the objects already there when the rule asks', async () => {
    const xml =
      '<ReplicationConfiguration>' +
      rule(
        'docs',
        2,
        arnMain,
        '<Prefix>docs/</Prefix>',
        enabled('DeleteMarkerReplication') +
          enabled('DeleteReplication') +
          enabled('ExistingObjectReplication'),
      ) +
      rule(
        'tagged',
        1,
        arnTagged,
        '<And><Prefix>tagged/</Prefix><Tag><Key>replicate</Key><Value>yes</Value></Tag></And>',
        '<DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>',
      ) +
      '</ReplicationConfiguration>';
    const put = await putReplication(xml);
    expect(put.status).toBe(200);
    const get = await signedRequest(source.url, sourceRoot, { method: 'GET', path: '/src?replication' });
    expect(get.body).toContain(arnMain);
    await until(
      () => status('src', 'docs/existing.txt'),
      (s) => s === 'COMPLETED',
    );
    expect(await body(dst, 'dst', 'docs/existing.txt')).toBe('was here first');
    const inUse = await adminCall(source, sourceRoot, 'DELETE', 'remove-remote-target', {
      query: { bucket: 'src', arn: arnMain },
    });
    expect([inUse.status, (inUse.json as { Code: string }).Code]).toEqual([
      400,
      'XMinioAdminRemoteRemoveDisallowed',
    ]);
  });
});

describe('replication of changes', () => {
  let v1: string;
  let v2: string;

  it('replicates puts and overwrites with their version ids, metadata and tags; REPLICA on the target', async () => {
    v1 = (
      await src.send(
        new PutObjectCommand({
          Bucket: 'src',
          Key: 'docs/a.txt',
          Body: 'first',
          ContentType: 'text/plain',
          Metadata: { owner: 'alice' },
          Tagging: 'team=blue',
        }),
      )
    ).VersionId as string;
    // Marked as it is written, as MinIO does: never without a status, even before the workers hear of it.
    expect(['PENDING', 'COMPLETED']).toContain(await status('src', 'docs/a.txt', v1));
    v2 = (await src.send(new PutObjectCommand({ Bucket: 'src', Key: 'docs/a.txt', Body: 'second' })))
      .VersionId as string;
    await until(
      () => status('src', 'docs/a.txt', v2),
      (s) => s === 'COMPLETED',
    );
    expect(await status('src', 'docs/a.txt', v1)).toBe('COMPLETED');
    const replica = await head(dst, 'dst', 'docs/a.txt', v1);
    expect(replica).toMatchObject({
      ReplicationStatus: 'REPLICA',
      VersionId: v1,
      ContentType: 'text/plain',
      Metadata: { owner: 'alice' },
      TagCount: 1,
    });
    expect(await body(dst, 'dst', 'docs/a.txt', v1)).toBe('first');
    expect(await body(dst, 'dst', 'docs/a.txt')).toBe('second');
    const srcHead = await head(src, 'src', 'docs/a.txt', v1);
    expect(replica?.LastModified?.getTime()).toBe(srcHead?.LastModified?.getTime());
    expect(replica?.ETag).toBe(srcHead?.ETag);
  });

  it('replicates a tag change of a replicated version', async () => {
    await src.send(
      new PutObjectTaggingCommand({
        Bucket: 'src',
        Key: 'docs/a.txt',
        VersionId: v1,
        Tagging: { TagSet: [{ Key: 'team', Value: 'red' }] },
      }),
    );
    const tags = await until(
      () => dst.send(new GetObjectTaggingCommand({ Bucket: 'dst', Key: 'docs/a.txt', VersionId: v1 })),
      (t) => t.TagSet?.[0]?.Value === 'red',
    );
    expect(tags.TagSet).toEqual([{ Key: 'team', Value: 'red' }]);
    // Bookkeeping, not a new replication: the version stays COMPLETED.
    expect(await status('src', 'docs/a.txt', v1)).toBe('COMPLETED');
  });

  it('replicates a multipart object', async () => {
    const part = Buffer.alloc(5 * 1024 * 1024, 'm');
    const { UploadId } = await src.send(
      new CreateMultipartUploadCommand({ Bucket: 'src', Key: 'docs/big.bin' }),
    );
    const etags: string[] = [];
    for (const [i, chunk] of [part, Buffer.from('tail')].entries()) {
      const res = await src.send(
        new UploadPartCommand({
          Bucket: 'src',
          Key: 'docs/big.bin',
          UploadId,
          PartNumber: i + 1,
          Body: chunk,
        }),
      );
      etags.push(res.ETag as string);
    }
    const done = await src.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'src',
        Key: 'docs/big.bin',
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    await until(
      () => status('src', 'docs/big.bin'),
      (s) => s === 'COMPLETED',
    );
    const replica = await head(dst, 'dst', 'docs/big.bin');
    expect(replica?.VersionId).toBe(done.VersionId);
    expect(replica?.ContentLength).toBe(part.length + 4);
  });

  it('honours the prefix and tag filters', async () => {
    await src.send(new PutObjectCommand({ Bucket: 'src', Key: 'other/x.txt', Body: 'x' }));
    await src.send(
      new PutObjectCommand({ Bucket: 'src', Key: 'tagged/yes.txt', Body: 'y', Tagging: 'replicate=yes' }),
    );
    await src.send(
      new PutObjectCommand({ Bucket: 'src', Key: 'tagged/no.txt', Body: 'n', Tagging: 'replicate=no' }),
    );
    await until(
      () => status('src', 'tagged/yes.txt'),
      (s) => s === 'COMPLETED',
    );
    expect(await body(dst, 'dst-tagged', 'tagged/yes.txt')).toBe('y');
    // Later writes of the same bucket are done once this one is: the filtered ones were never queued.
    await src.send(new PutObjectCommand({ Bucket: 'src', Key: 'docs/marker.txt', Body: 'z' }));
    await until(
      () => status('src', 'docs/marker.txt'),
      (s) => s === 'COMPLETED',
    );
    expect(await status('src', 'other/x.txt')).toBeUndefined();
    expect(await status('src', 'tagged/no.txt')).toBeUndefined();
    expect(await head(dst, 'dst', 'other/x.txt')).toBeUndefined();
    expect(await head(dst, 'dst-tagged', 'tagged/no.txt')).toBeUndefined();
    expect(await head(dst, 'dst', 'tagged/yes.txt')).toBeUndefined();
  });

  it('replicates delete markers (same version id) and permanent deletes of a version', async () => {
    const marker = await src.send(new DeleteObjectCommand({ Bucket: 'src', Key: 'docs/a.txt' }));
    expect(marker.DeleteMarker).toBe(true);
    await src.send(new DeleteObjectCommand({ Bucket: 'src', Key: 'docs/a.txt', VersionId: v1 }));
    const versions = await until(
      () => dst.send(new ListObjectVersionsCommand({ Bucket: 'dst', Prefix: 'docs/a.txt' })),
      (l) => (l.DeleteMarkers ?? []).length === 1 && (l.Versions ?? []).length === 1,
    );
    expect(versions.DeleteMarkers?.[0]).toMatchObject({ VersionId: marker.VersionId, IsLatest: true });
    expect(versions.Versions?.map((v) => v.VersionId)).toEqual([v2]);
  });

  it('shows the status in the metadata=true listing and counts it in the replication metrics', async () => {
    const list = await signedRequest(source.url, sourceRoot, {
      method: 'GET',
      path: '/src?list-type=2&prefix=docs/big&metadata=true',
    });
    expect(list.body).toContain('<X-Amz-Replication-Status>COMPLETED</X-Amz-Replication-Status>');
    const metrics = await signedRequest(source.url, sourceRoot, {
      method: 'GET',
      path: '/src?replication-metrics=2',
    });
    expect(metrics.status).toBe(200);
    const doc = JSON.parse(metrics.body) as {
      uptime: number;
      currStats: { Stats: Record<string, { replicationCount: number; completedReplicationSize: number }> };
    };
    expect(doc.currStats.Stats[arnMain]?.replicationCount).toBeGreaterThanOrEqual(5);
    expect(doc.currStats.Stats[arnTagged]?.replicationCount).toBe(1);
    const prom = await fetch(`${source.url}/minio/v2/metrics/bucket`);
    const text = await prom.text();
    expect(text).toMatch(
      new RegExp(`minio_bucket_replication_sent_count\\{bucket="src",targetArn="${arnTagged}"\\} 1\\n`),
    );
  });
});

describe('object lock', () => {
  it('sends retention and legal hold with the object, and their later changes', async () => {
    for (const [client, bucket] of [
      [src, 'lock-src'],
      [dst, 'lock-dst'],
    ] as const) {
      await client.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    }
    const arn = (await setTarget('lock-src', { ...remoteTarget('lock-dst'), sourcebucket: 'lock-src' }))
      .json as string;
    const config = await signedRequest(source.url, sourceRoot, {
      method: 'PUT',
      path: '/lock-src?replication',
      body: `<ReplicationConfiguration>${rule('all', 1, arn, '', '')}</ReplicationConfiguration>`,
    });
    expect(config.status).toBe(200);
    const until1 = new Date(Date.now() + 86_400_000);
    const { VersionId } = await src.send(
      new PutObjectCommand({
        Bucket: 'lock-src',
        Key: 'held.txt',
        Body: 'held',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until1,
        ObjectLockLegalHoldStatus: 'ON',
      }),
    );
    await until(
      () => status('lock-src', 'held.txt'),
      (s) => s === 'COMPLETED',
    );
    const replica = await head(dst, 'lock-dst', 'held.txt', VersionId);
    expect(replica).toMatchObject({ ObjectLockMode: 'GOVERNANCE', ObjectLockLegalHoldStatus: 'ON' });
    const original = await head(src, 'lock-src', 'held.txt', VersionId);
    expect(replica?.ObjectLockRetainUntilDate).toEqual(original?.ObjectLockRetainUntilDate);

    const until2 = new Date(Date.now() + 2 * 86_400_000);
    await src.send(
      new PutObjectLegalHoldCommand({
        Bucket: 'lock-src',
        Key: 'held.txt',
        VersionId,
        LegalHold: { Status: 'OFF' },
      }),
    );
    await src.send(
      new PutObjectRetentionCommand({
        Bucket: 'lock-src',
        Key: 'held.txt',
        VersionId,
        Retention: { Mode: 'GOVERNANCE', RetainUntilDate: until2 },
      }),
    );
    const extended = (await head(src, 'lock-src', 'held.txt', VersionId))?.ObjectLockRetainUntilDate;
    expect(extended?.getTime()).toBeGreaterThan(original?.ObjectLockRetainUntilDate?.getTime() ?? Infinity);
    const changed = await until(
      () => head(dst, 'lock-dst', 'held.txt', VersionId),
      (h) =>
        h?.ObjectLockLegalHoldStatus === 'OFF' &&
        h.ObjectLockRetainUntilDate?.getTime() === extended?.getTime(),
    );
    expect(changed?.ObjectLockMode).toBe('GOVERNANCE');
  });
});

describe('resync (replication-reset)', () => {
  it('needs an existing-object rule, then sends every version again and reports the reset', async () => {
    const refused = await signedRequest(source.url, sourceRoot, {
      method: 'PUT',
      path: `/src?replication-reset&arn=${encodeURIComponent(arnTagged)}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('XMinioReplicationNoExistingObjects');
    const reset = await signedRequest(source.url, sourceRoot, {
      method: 'PUT',
      path: `/src?replication-reset&arn=${encodeURIComponent(arnMain)}`,
    });
    expect(reset.status).toBe(200);
    const started = JSON.parse(reset.body) as { target: { arn: string; resetid: string }[] };
    expect(started.target[0]?.arn).toBe(arnMain);
    const done = await until(
      async () =>
        JSON.parse(
          (
            await signedRequest(source.url, sourceRoot, {
              method: 'GET',
              path: `/src?replication-reset-status&arn=${encodeURIComponent(arnMain)}`,
            })
          ).body,
        ) as { target: { resetid: string; resyncStatus: string; replicationCount: number }[] },
      (doc) => doc.target[0]?.resyncStatus === 'Completed',
    );
    expect(done.target[0]?.resetid).toBe(started.target[0]?.resetid);
    // docs/existing.txt, docs/a.txt (its remaining version and its delete marker), docs/big.bin, docs/marker.txt.
    expect(done.target[0]?.replicationCount).toBe(5);
  });
});

describe("through MinIO's Go SDKs (madmin-go 2.0.7, minio-go 7.0.46)", () => {
  it('sets up, watches and removes replication as mc does', async () => {
    await requireSystemDeps(['go', 'madmin-go']);
    const probe = await buildMadminProbe();
    await versioned(src, 'probe-src');
    await versioned(dst, 'probe-dst');
    const result = await runMadminProbe(
      probe,
      'replication',
      { url: source.url, ...sourceRoot },
      {
        MADMIN_BUCKET: 'probe-src',
        MADMIN_TARGET_ENDPOINT: new URL(target.url).host,
        MADMIN_TARGET_ACCESS_KEY: targetRoot.accessKey,
        MADMIN_TARGET_SECRET_KEY: targetRoot.secretKey,
        MADMIN_TARGET_BUCKET: 'probe-dst',
      },
    );
    expect(result.code, `${JSON.stringify(result.report)}\n${result.stderr}`).toBe(0);
    const steps = probeSteps(result.report);
    const arn = steps.SetRemoteTarget?.value as string;
    expect(arn).toMatch(/^arn:minio:replication::[0-9a-f-]+:probe-dst$/);
    expect(steps.ListRemoteTargets?.value).toMatchObject([
      {
        arn,
        sourcebucket: 'probe-src',
        targetbucket: 'probe-dst',
        credentials: { accessKey: targetRoot.accessKey },
      },
    ]);
    expect(steps.GetBucketReplication?.value).toMatchObject([{ ID: 'probe', Destination: { Bucket: arn } }]);
    expect(steps.ReplicationStatus?.value).toBe('COMPLETED');
    expect(steps.GetBucketReplicationMetrics).toMatchObject({
      ok: true,
      value: { completedReplicationSize: 5, failedReplicationCount: 0 },
    });
    expect(steps.ResetBucketReplicationOnTarget).toMatchObject({ ok: true, value: [{ arn }] });
    expect(steps.GetBucketReplicationResyncStatus).toMatchObject({ ok: true, value: [{ arn }] });
    expect(steps.RemoveRemoteTargetInUse).toMatchObject({
      ok: false,
      code: 'XMinioAdminRemoteRemoveDisallowed',
    });
    expect(steps.RemoveBucketReplication).toMatchObject({ ok: true });
    expect(steps.RemoveRemoteTarget).toMatchObject({ ok: true });
    expect(steps.ListRemoteTargetsAfter).toEqual({ ok: true, value: 0 });
    expect(await body(dst, 'probe-dst', 'probe/object.txt')).toBe('probe');
  });
});

describe('an unreachable target', () => {
  it('keeps the backlog (also across a restart of the source) and drains it once the target is back', async () => {
    const targetAddress = `127.0.0.1:${target.address.port}`;
    await target.close();
    const { VersionId } = await src.send(
      new PutObjectCommand({ Bucket: 'src', Key: 'docs/during.txt', Body: 'late' }),
    );
    expect(['PENDING', 'FAILED']).toContain(await status('src', 'docs/during.txt'));
    await until(
      () => status('src', 'docs/during.txt'),
      (s) => s === 'FAILED',
    );
    const failing = await adminCall(source, sourceRoot, 'GET', 'list-remote-targets', {
      query: { bucket: 'src' },
    });
    expect(
      (failing.json as { arn: string; isOnline: boolean }[]).find((t) => t.arn === arnMain)?.isOnline,
    ).toBe(false);

    // The source restarts while the target is still down: the task is on its drive.
    const sourceAddress = `127.0.0.1:${source.address.port}`;
    src.destroy();
    await source.close();
    source = await start('source', sourceRoot, sourceAddress);
    src = sdkClient(source.url, sourceRoot);
    expect(source.context.replication.backlogLength).toBe(1);
    expect(await status('src', 'docs/during.txt')).toBe('FAILED');

    target = await start('target', targetRoot, targetAddress);
    dst.destroy();
    dst = sdkClient(target.url, targetRoot);
    await until(
      () => status('src', 'docs/during.txt'),
      (s) => s === 'COMPLETED',
    );
    expect(await body(dst, 'dst', 'docs/during.txt', VersionId)).toBe('late');
    expect(source.context.replication.backlogLength).toBe(0);
  });
});

describe('the status of a new version', () => {
  it('is PENDING as it is written (as MinIO marks it), and a PENDING version without a task is sent after a restart', async () => {
    // Workers stopped: only the write path can have set the status.
    await source.context.replication.close();
    const { VersionId } = await src.send(
      new PutObjectCommand({ Bucket: 'src', Key: 'docs/unsent.txt', Body: 'u', Tagging: 'a=b' }),
    );
    expect(await status('src', 'docs/unsent.txt', VersionId)).toBe('PENDING');
    await src.send(new PutObjectCommand({ Bucket: 'src', Key: 'other/unsent.txt', Body: 'u' }));
    expect(await status('src', 'other/unsent.txt')).toBeUndefined();

    // No task was queued for it (as when the event hub drops an event under overload): the walk
    // at the next start finds the PENDING version and sends it.
    const sourceAddress = `127.0.0.1:${source.address.port}`;
    src.destroy();
    await source.close();
    source = await start('source', sourceRoot, sourceAddress);
    src = sdkClient(source.url, sourceRoot);
    await until(
      () => status('src', 'docs/unsent.txt', VersionId),
      (s) => s === 'COMPLETED',
    );
    expect(await body(dst, 'dst', 'docs/unsent.txt', VersionId)).toBe('u');
  });
});
