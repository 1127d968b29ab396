/**
 * Object events through the real HTTP stack (`helpers/http-engine.ts`: the eventing object layer
 * over four temp drives): each S3 operation that changes an object publishes exactly one event,
 * with MinIO's name and a record naming the caller, its address, client and request id; failed
 * operations and deletes of nothing publish none; a subscriber that never finishes does not hold
 * up PUTs. Driven by the AWS SDK v3, and minio-js for a browser POST form.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'minio';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectTaggingCommand,
  DeleteObjectsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  PutObjectRetentionCommand,
  PutObjectTaggingCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createEngine } from '../src/engine.js';
import type { ObjectEvent } from '../src/events/index.js';
import { gate, recorder, type Recorder } from './helpers/event-recorder.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { s3Failure } from './helpers/s3-failure.js';

const ACCESS_KEY = 'COFFERTESTROOTKEY007';
const SECRET_KEY = 'coffer-test-root-secret-key-events-0123';
const PLAIN = 'events-plain';
const VERSIONED = 'events-versioned';
const LOCKED = 'events-locked';

let engine: HttpEngine;
let s3: S3Client;
let minio: Client;
let all: Recorder;

/** The next event after the `seen` already checked: exactly one more must arrive for each change. */
async function next(seen: { count: number }): Promise<ObjectEvent> {
  const events = await all.waitFor(seen.count + 1);
  return events[seen.count++] as ObjectEvent;
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 's3-events', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${engine.port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  minio = new Client({
    endPoint: '127.0.0.1',
    port: engine.port,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    pathStyle: true,
    region: 'us-east-1',
  });
  await s3.send(new CreateBucketCommand({ Bucket: PLAIN }));
  await s3.send(new CreateBucketCommand({ Bucket: VERSIONED }));
  await s3.send(
    new PutBucketVersioningCommand({ Bucket: VERSIONED, VersioningConfiguration: { Status: 'Enabled' } }),
  );
  await s3.send(new CreateBucketCommand({ Bucket: LOCKED, ObjectLockEnabledForBucket: true }));
  all = recorder();
  engine.events.subscribe(undefined, all.handler, { name: 'test' });
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

describe('object events over S3', () => {
  const seen = { count: 0 };

  it('publishes one event per change, with the request in the record', async () => {
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: PLAIN,
        Key: 'trips/a b.txt',
        Body: 'hello events',
        ContentType: 'text/plain',
        Metadata: { colour: 'blue' },
      }),
    );
    const created = await next(seen);
    expect(created.name).toBe('s3:ObjectCreated:Put');
    const record = created.record;
    expect(record).toMatchObject({
      eventVersion: '2.0',
      eventSource: 'minio:s3',
      awsRegion: 'us-east-1',
      eventName: 's3:ObjectCreated:Put',
      userIdentity: { principalId: ACCESS_KEY },
      requestParameters: { principalId: ACCESS_KEY, region: 'us-east-1', sourceIPAddress: '127.0.0.1' },
      responseElements: {
        'x-amz-request-id': put.$metadata.requestId,
        'x-minio-origin-endpoint': `http://127.0.0.1:${engine.port}`,
      },
      s3: {
        bucket: { name: PLAIN, arn: `arn:aws:s3:::${PLAIN}`, ownerIdentity: { principalId: ACCESS_KEY } },
        object: {
          key: 'trips%2Fa+b.txt',
          size: 12,
          eTag: put.ETag?.replaceAll('"', ''),
          contentType: 'text/plain',
          userMetadata: { 'content-type': 'text/plain', 'X-Amz-Meta-Colour': 'blue' },
        },
      },
      source: { host: '127.0.0.1' },
    });
    expect(record.responseElements['x-amz-id-2']).toMatch(/^[0-9a-f]{64}$/);
    expect(record.source.userAgent).toMatch(/aws-sdk-js/);
    expect(Number(record.source.port)).toBeGreaterThan(0);
    expect(record.eventTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await s3.send(
      new CopyObjectCommand({ Bucket: PLAIN, Key: 'copy.txt', CopySource: `${PLAIN}/trips/a%20b.txt` }),
    );
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:Copy', key: 'copy.txt' });

    const policy = minio.newPostPolicy();
    policy.setBucket(PLAIN);
    policy.setKey('form.txt');
    policy.setExpires(new Date(Date.now() + 10 * 60_000));
    const { postURL, formData } = await minio.presignedPostPolicy(policy);
    const form = new FormData();
    for (const [k, v] of Object.entries(formData)) form.append(k, v);
    form.append('file', new Blob(['posted']), 'form.txt');
    expect((await fetch(postURL, { method: 'POST', body: form })).status).toBe(204);
    const posted = await next(seen);
    expect(posted).toMatchObject({ name: 's3:ObjectCreated:Post', key: 'form.txt' });
    expect(posted.record.userIdentity.principalId).toBe(ACCESS_KEY);

    // Creating an upload and its parts changes no object: the completion is the one event.
    const mpu = await s3.send(new CreateMultipartUploadCommand({ Bucket: PLAIN, Key: 'big.bin' }));
    const part = await s3.send(
      new UploadPartCommand({
        Bucket: PLAIN,
        Key: 'big.bin',
        UploadId: mpu.UploadId,
        PartNumber: 1,
        Body: 'only part',
      }),
    );
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: PLAIN,
        Key: 'big.bin',
        UploadId: mpu.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    const completed = await next(seen);
    expect(completed.name).toBe('s3:ObjectCreated:CompleteMultipartUpload');
    expect(completed.record.s3.object.eTag).toBe(done.ETag?.replaceAll('"', ''));
    const aborted = await s3.send(new CreateMultipartUploadCommand({ Bucket: PLAIN, Key: 'never' }));
    await s3.send(
      new AbortMultipartUploadCommand({ Bucket: PLAIN, Key: 'never', UploadId: aborted.UploadId }),
    );

    await s3.send(
      new PutObjectTaggingCommand({
        Bucket: PLAIN,
        Key: 'copy.txt',
        Tagging: { TagSet: [{ Key: 'k', Value: 'v' }] },
      }),
    );
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:PutTagging', key: 'copy.txt' });
    await s3.send(new DeleteObjectTaggingCommand({ Bucket: PLAIN, Key: 'copy.txt' }));
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:DeleteTagging', key: 'copy.txt' });

    await s3.send(new DeleteObjectCommand({ Bucket: PLAIN, Key: 'copy.txt' }));
    const removed = await next(seen);
    expect(removed).toMatchObject({ name: 's3:ObjectRemoved:Delete', key: 'copy.txt' });
    expect(removed.record.s3.object.size).toBeUndefined();

    await s3.send(new PutObjectCommand({ Bucket: VERSIONED, Key: 'doc', Body: 'v1' }));
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:Put', bucket: VERSIONED });
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: VERSIONED, Key: 'doc' }));
    const markerEvent = await next(seen);
    expect(markerEvent.name).toBe('s3:ObjectRemoved:DeleteMarkerCreated');
    expect(markerEvent.record.s3.object.versionId).toBe(marker.VersionId);

    // Multi-delete: one event per key actually removed; the missing key changes nothing.
    const multi = await s3.send(
      new DeleteObjectsCommand({
        Bucket: PLAIN,
        Delete: { Objects: [{ Key: 'form.txt' }, { Key: 'no-such-key' }] },
      }),
    );
    expect(multi.Deleted).toHaveLength(2);
    const multiEvent = await next(seen);
    expect(multiEvent).toMatchObject({ name: 's3:ObjectRemoved:Delete', key: 'form.txt' });
    expect(multiEvent.record.responseElements['x-amz-request-id']).toBe(multi.$metadata.requestId);

    const locked = await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'held', Body: 'keep me' }));
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:Put', bucket: LOCKED });
    await s3.send(
      new PutObjectRetentionCommand({
        Bucket: LOCKED,
        Key: 'held',
        Retention: { Mode: 'GOVERNANCE', RetainUntilDate: new Date(Date.now() + 86_400_000) },
      }),
    );
    const retention = await next(seen);
    expect(retention.name).toBe('s3:ObjectCreated:PutRetention');
    expect(retention.record.s3.object.versionId).toBe(locked.VersionId);
    await s3.send(
      new PutObjectLegalHoldCommand({ Bucket: LOCKED, Key: 'held', LegalHold: { Status: 'ON' } }),
    );
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:PutLegalHold', key: 'held' });

    // Nothing else was published: the next event is this sentinel's.
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'sentinel-1', Body: '.' }));
    expect(await next(seen)).toMatchObject({ key: 'sentinel-1' });
    expect(all.events).toHaveLength(seen.count);
  });

  it('publishes nothing for refused or failed changes', async () => {
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'exists', Body: 'one' }));
    expect(await next(seen)).toMatchObject({ key: 'exists' });

    expect(
      await s3Failure(
        s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'exists', Body: 'two', IfNoneMatch: '*' })),
      ),
    ).toMatchObject({ code: 'PreconditionFailed' });
    expect(
      await s3Failure(
        s3.send(
          new PutObjectTaggingCommand({
            Bucket: PLAIN,
            Key: 'absent',
            Tagging: { TagSet: [{ Key: 'a', Value: 'b' }] },
          }),
        ),
      ),
    ).toMatchObject({ code: 'NoSuchKey' });
    const held = await s3.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'held', Body: 'v2' }));
    expect(await next(seen)).toMatchObject({ key: 'held', versionId: held.VersionId });
    await s3.send(
      new PutObjectLegalHoldCommand({ Bucket: LOCKED, Key: 'held', LegalHold: { Status: 'ON' } }),
    );
    expect(await next(seen)).toMatchObject({ name: 's3:ObjectCreated:PutLegalHold' });
    // A version under legal hold cannot be deleted.
    expect(
      await s3Failure(
        s3.send(new DeleteObjectCommand({ Bucket: LOCKED, Key: 'held', VersionId: held.VersionId })),
      ),
    ).toMatchObject({ code: 'AccessDenied' });
    expect(
      await s3Failure(s3.send(new PutObjectCommand({ Bucket: 'no-such-bucket', Key: 'k', Body: 'x' }))),
    ).toMatchObject({ code: 'NoSuchBucket' });
    await s3.send(new DeleteObjectCommand({ Bucket: PLAIN, Key: 'never-was' }));

    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'sentinel-2', Body: '.' }));
    expect(await next(seen)).toMatchObject({ key: 'sentinel-2' });
    expect(all.events).toHaveLength(seen.count);
  });

  it('answers PUTs while a subscriber is stuck, and keeps that subscriber bounded', async () => {
    const hold = gate();
    let calls = 0;
    let entered: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (entered = resolve));
    const unsubscribe = engine.events.subscribe(
      { bucket: PLAIN, prefix: 'stuck/' },
      async () => {
        calls++;
        entered();
        await hold.promise;
      },
      { name: 'stuck', queueLimit: 4 },
    );
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'stuck/0', Body: 'x' }));
    await blocked;
    for (let i = 1; i <= 20; i++) {
      const out = await s3.send(
        new PutObjectCommand({ Bucket: PLAIN, Key: `stuck/${i}`, Body: `body ${i}` }),
      );
      expect(out.$metadata.httpStatusCode).toBe(200);
    }
    // All 20 answered while the handler's first call has still not returned.
    expect(calls).toBe(1);
    expect(engine.events.stats().subscribers.find((s) => s.name === 'stuck')).toMatchObject({
      queued: 4,
      dropped: 16,
      delivered: 0,
    });
    // The other subscriber got every one of them.
    for (let i = 0; i <= 20; i++) expect(await next(seen)).toMatchObject({ key: `stuck/${i}` });
    unsubscribe();
    hold.open();
  });
});

describe('object events of a whole engine (createEngine)', () => {
  it('publishes the changes S3 clients make, and stops at close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-events-engine-'));
    const drives = [1, 2, 3, 4].map((i) => path.join(dir, `drive${i}`));
    const whole = await createEngine({
      address: '127.0.0.1:0',
      drives,
      dataDir: dir,
      rootUser: ACCESS_KEY,
      rootPassword: SECRET_KEY,
      env: {},
      scannerIntervalMs: 3_600_000,
      healIntervalMs: 3_600_000,
    });
    const client = new S3Client({
      endpoint: whole.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    });
    try {
      expect(whole.context.events).toBe(whole.events);
      const r = recorder();
      whole.events.subscribe({ events: ['s3:ObjectCreated:*'] }, r.handler);
      await client.send(new CreateBucketCommand({ Bucket: 'whole' }));
      await client.send(new PutObjectCommand({ Bucket: 'whole', Key: 'k', Body: 'v' }));
      const [event] = await r.waitFor(1);
      expect(event?.record.responseElements).toMatchObject({
        'x-minio-deployment-id': whole.deploymentId,
        'x-minio-origin-endpoint': whole.url,
      });
    } finally {
      client.destroy();
      await whole.close();
      await rm(dir, { recursive: true, force: true });
    }
    expect(() => whole.events.subscribe(undefined, () => undefined)).toThrow(/closed/);
  });
});
