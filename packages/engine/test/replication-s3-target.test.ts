/**
 * Bucket replication to a plain S3 server that is not ours (issue 12 §1, "the target is any S3
 * server"): Ceph's RADOS Gateway (packages/server/test/helpers/ceph-rgw.ts) as the target, reached
 * through a loopback TCP relay that the test closes and reopens to take the target down and bring
 * it back. The engine detects that the target is not MinIO when the target is set and speaks
 * plain S3 to it: puts with metadata and tags, tag changes, overwrites and delete markers
 * arrive, object-lock fields only where the target bucket has object lock, existing versions
 * oldest first; a permanent version delete cannot be mapped and is not sent; statuses go
 * PENDING → COMPLETED (FAILED while the target is down) and the backlog drains once it is back.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCephRgw, type CephRgwHandle } from '../../server/test/helpers/ceph-rgw.js';
import { createEngine, type Engine } from '../src/engine.js';
import { adminCall, type Keys } from './helpers/admin-calls.js';
import { sdkClient } from './helpers/sdk-client.js';
import { signedRequest } from './helpers/signed-request.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const sourceRoot: Keys = { accessKey: 'rgwreplsource', secretKey: 'rgw-repl-source-secret' };
const SRC = 'src';
const DST = 'mirror';

let dir: string;
let rgw: CephRgwHandle;
let relay: Relay;
let source: Engine;
let src: S3Client;
let dst: S3Client;
let arn: string;
/** The madmin BucketTarget of the RGW bucket (through the relay). */
let targetDoc: Record<string, unknown>;
const logs: string[] = [];

/** A TCP relay to radosgw on a fixed loopback port: `down()` refuses connections, `up()` relays again. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly to: number) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.to, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${ms} ms (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

const status = async (key: string, versionId?: string): Promise<string | undefined> =>
  (
    await src.send(
      new HeadObjectCommand({ Bucket: SRC, Key: key, ...(versionId ? { VersionId: versionId } : {}) }),
    )
  ).ReplicationStatus;

/** The target's current body of `key`, or undefined when it has none (404: gone or a delete marker). */
async function targetBody(key: string): Promise<string | undefined> {
  try {
    const res = await dst.send(new GetObjectCommand({ Bucket: DST, Key: key }));
    return await res.Body?.transformToString();
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw err;
  }
}

beforeAll(async () => {
  await requireSystemDeps(['ceph']);
  dir = await mkdtemp(join(tmpdir(), 'coffer-repl-rgw-'));
  rgw = await startCephRgw();
  const user = await rgw.createUser('replica');
  relay = new Relay(Number(new URL(rgw.url).port));
  await relay.up();
  dst = sdkClient(rgw.url, user);
  await dst.send(new CreateBucketCommand({ Bucket: DST }));
  await dst.send(
    new PutBucketVersioningCommand({ Bucket: DST, VersioningConfiguration: { Status: 'Enabled' } }),
  );

  const drive = join(dir, 'drive');
  await mkdir(drive, { recursive: true });
  source = await createEngine({
    address: '127.0.0.1:0',
    drives: [drive],
    dataDir: dir,
    rootUser: sourceRoot.accessKey,
    rootPassword: sourceRoot.secretKey,
    env: {},
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
    replicationRetry: { initialMs: 100, maxMs: 400 },
    log: (line: string) => logs.push(line),
  });
  src = sdkClient(source.url, sourceRoot);
  await src.send(new CreateBucketCommand({ Bucket: SRC }));
  await src.send(
    new PutBucketVersioningCommand({ Bucket: SRC, VersioningConfiguration: { Status: 'Enabled' } }),
  );

  targetDoc = {
    sourcebucket: SRC,
    endpoint: `127.0.0.1:${relay.port}`,
    credentials: { accessKey: user.accessKey, secretKey: user.secretKey },
    targetbucket: DST,
    secure: false,
    api: 's3v4',
    type: 'replication',
  };
  const set = await adminCall(source, sourceRoot, 'PUT', 'set-remote-target', {
    query: { bucket: SRC },
    body: targetDoc,
    encrypt: true,
  });
  expect(set.status, set.text).toBe(200);
  arn = set.json as string;
  const rule =
    `<Rule><ID>all</ID><Status>Enabled</Status><Priority>1</Priority>` +
    `<DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication>` +
    `<DeleteReplication><Status>Enabled</Status></DeleteReplication>` +
    `<Filter><Prefix></Prefix></Filter><Destination><Bucket>${arn}</Bucket></Destination></Rule>`;
  const put = await signedRequest(source.url, sourceRoot, {
    method: 'PUT',
    path: `/${SRC}?replication`,
    body: `<ReplicationConfiguration>${rule}</ReplicationConfiguration>`,
  });
  expect(put.status, put.body).toBe(200);
}, 240_000);

afterAll(async () => {
  src?.destroy();
  dst?.destroy();
  await source?.close();
  await relay?.down();
  await rgw?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('replication to Ceph RGW (a plain S3 target)', () => {
  it('sends puts with metadata and tags, overwrites and delete markers', async () => {
    const first = await src.send(
      new PutObjectCommand({
        Bucket: SRC,
        Key: 'docs/a.txt',
        Body: 'first',
        ContentType: 'text/plain',
        Metadata: { origin: 'coffer' },
        Tagging: 'team=storage',
      }),
    );
    await until(
      'first put COMPLETED',
      () => status('docs/a.txt', first.VersionId),
      (s) => s === 'COMPLETED',
    );
    const head = await dst.send(new HeadObjectCommand({ Bucket: DST, Key: 'docs/a.txt' }));
    expect(head).toMatchObject({ ContentType: 'text/plain', Metadata: { origin: 'coffer' } });
    // Plain S3: the target keeps its own version id and does not mark the copy REPLICA.
    expect(head.VersionId).not.toBe(first.VersionId);
    expect(head.ReplicationStatus).toBeUndefined();
    const tags = await dst.send(new GetObjectTaggingCommand({ Bucket: DST, Key: 'docs/a.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'team', Value: 'storage' }]);

    const second = await src.send(new PutObjectCommand({ Bucket: SRC, Key: 'docs/a.txt', Body: 'second' }));
    await until(
      'overwrite COMPLETED',
      () => status('docs/a.txt', second.VersionId),
      (s) => s === 'COMPLETED',
    );
    expect(await targetBody('docs/a.txt')).toBe('second');

    // A tag change of the latest version goes to the target's current object.
    await src.send(
      new PutObjectTaggingCommand({
        Bucket: SRC,
        Key: 'docs/a.txt',
        Tagging: { TagSet: [{ Key: 'stage', Value: 'two' }] },
      }),
    );
    await until(
      'the tag change on the target',
      async () => (await dst.send(new GetObjectTaggingCommand({ Bucket: DST, Key: 'docs/a.txt' }))).TagSet,
      (t) => JSON.stringify(t) === JSON.stringify([{ Key: 'stage', Value: 'two' }]),
    );

    await src.send(new DeleteObjectCommand({ Bucket: SRC, Key: 'docs/a.txt' }));
    await until(
      'delete marker on the target',
      () => targetBody('docs/a.txt'),
      (b) => b === undefined,
    );
    const versions = await dst.send(new ListObjectVersionsCommand({ Bucket: DST, Prefix: 'docs/a.txt' }));
    expect(versions.Versions?.length).toBe(2);
    expect(versions.DeleteMarkers?.length).toBe(1);

    // A version removed for good cannot be named on a plain S3 target: not sent, and said so.
    await src.send(new DeleteObjectCommand({ Bucket: SRC, Key: 'docs/a.txt', VersionId: first.VersionId }));
    await until(
      'the skipped version delete to be logged',
      () => Promise.resolve(logs.some((l) => l.includes('docs/a.txt (delete)') && l.includes('not sent'))),
      (seen) => seen,
    );
    const after = await dst.send(new ListObjectVersionsCommand({ Bucket: DST, Prefix: 'docs/a.txt' }));
    expect(after.Versions?.length).toBe(2);
  });

  it('sends object-lock fields only to a target bucket with object lock', async () => {
    await src.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
    await dst.send(new CreateBucketCommand({ Bucket: 'mirror-locked', ObjectLockEnabledForBucket: true }));
    const arns: string[] = [];
    for (const bucket of ['mirror-locked', DST]) {
      const set = await adminCall(source, sourceRoot, 'PUT', 'set-remote-target', {
        query: { bucket: 'locked' },
        body: { ...targetDoc, sourcebucket: 'locked', targetbucket: bucket },
        encrypt: true,
      });
      expect(set.status, set.text).toBe(200);
      arns.push(set.json as string);
    }
    const rules = arns.map(
      (a, i) =>
        `<Rule><ID>r${i}</ID><Status>Enabled</Status><Priority>${i + 1}</Priority>` +
        `<DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>` +
        `<Filter><Prefix></Prefix></Filter><Destination><Bucket>${a}</Bucket></Destination></Rule>`,
    );
    const put = await signedRequest(source.url, sourceRoot, {
      method: 'PUT',
      path: '/locked?replication',
      body: `<ReplicationConfiguration>${rules.join('')}</ReplicationConfiguration>`,
    });
    expect(put.status, put.body).toBe(200);
    const v = await src.send(
      new PutObjectCommand({
        Bucket: 'locked',
        Key: 'held.txt',
        Body: 'held',
        ObjectLockLegalHoldStatus: 'ON',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: new Date(Date.now() + 86_400_000),
      }),
    );
    await until(
      'the locked object COMPLETED on both targets',
      async () =>
        (await src.send(new HeadObjectCommand({ Bucket: 'locked', Key: 'held.txt', VersionId: v.VersionId })))
          .ReplicationStatus,
      (st) => st === 'COMPLETED',
    );
    const withLock = await dst.send(new HeadObjectCommand({ Bucket: 'mirror-locked', Key: 'held.txt' }));
    expect(withLock).toMatchObject({ ObjectLockLegalHoldStatus: 'ON', ObjectLockMode: 'GOVERNANCE' });
    const withoutLock = await dst.send(new HeadObjectCommand({ Bucket: DST, Key: 'held.txt' }));
    expect(withoutLock.ObjectLockLegalHoldStatus).toBeUndefined();
    expect(withoutLock.ObjectLockMode).toBeUndefined();
  });

  it('sends existing versions oldest first, so the current object on the target is the latest', async () => {
    await src.send(new CreateBucketCommand({ Bucket: 'older' }));
    await src.send(
      new PutBucketVersioningCommand({ Bucket: 'older', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const ids: string[] = [];
    for (const body of ['one', 'two', 'three']) {
      ids.push(
        (await src.send(new PutObjectCommand({ Bucket: 'older', Key: 'older/k.txt', Body: body })))
          .VersionId ?? '',
      );
    }
    const set = await adminCall(source, sourceRoot, 'PUT', 'set-remote-target', {
      query: { bucket: 'older' },
      body: { ...targetDoc, sourcebucket: 'older' },
      encrypt: true,
    });
    expect(set.status, set.text).toBe(200);
    const rule =
      `<Rule><ID>existing</ID><Status>Enabled</Status><Priority>1</Priority>` +
      `<ExistingObjectReplication><Status>Enabled</Status></ExistingObjectReplication>` +
      `<DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>` +
      `<Filter><Prefix></Prefix></Filter><Destination><Bucket>${String(set.json)}</Bucket></Destination></Rule>`;
    const put = await signedRequest(source.url, sourceRoot, {
      method: 'PUT',
      path: '/older?replication',
      body: `<ReplicationConfiguration>${rule}</ReplicationConfiguration>`,
    });
    expect(put.status, put.body).toBe(200);
    for (const id of ids) {
      await until(
        `existing version ${id} COMPLETED`,
        async () =>
          (await src.send(new HeadObjectCommand({ Bucket: 'older', Key: 'older/k.txt', VersionId: id })))
            .ReplicationStatus,
        (st) => st === 'COMPLETED',
      );
    }
    expect(await targetBody('older/k.txt')).toBe('three');
    const versions = await dst.send(new ListObjectVersionsCommand({ Bucket: DST, Prefix: 'older/k.txt' }));
    expect(versions.Versions?.length).toBe(3);
  });

  it('keeps the backlog while the target is down and drains it once it is back', async () => {
    await relay.down();
    const keys = ['down/1.txt', 'down/2.txt', 'down/3.txt'];
    const ids: string[] = [];
    for (const key of keys) {
      ids.push(
        (await src.send(new PutObjectCommand({ Bucket: SRC, Key: key, Body: `body of ${key}` }))).VersionId ??
          '',
      );
    }
    await until(
      'FAILED while the target is down',
      () => status(keys[0] ?? '', ids[0]),
      (s) => s === 'FAILED',
    );
    expect(await targetBody(keys[0] ?? '')).toBeUndefined();

    await relay.up();
    for (const [i, key] of keys.entries()) {
      await until(
        `${key} COMPLETED`,
        () => status(key, ids[i]),
        (s) => s === 'COMPLETED',
      );
      expect(await targetBody(key)).toBe(`body of ${key}`);
    }
  });
});
