/**
 * The eventing object layer over a real erasure-coded layer on four temp drives: each kind of
 * object change publishes exactly one event after it committed, a failed change publishes
 * nothing, and a subscriber that never finishes does not hold up writes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { gate, recorder, until } from '../../test/helpers/event-recorder.js';
import { BadDigest, ObjectNotFound, PreconditionFailed, VersionNotFound } from '../object-layer/errors.js';
import { openObjectLayer } from '../object-layer/index.js';
import type { ChangeOrigin, ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { createEventHub, type ObjectEvent, type ObjectEventHub } from './event-hub.js';
import { withObjectEvents } from './eventing-object-layer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const origin: ChangeOrigin = {
  principalId: 'alice',
  sourceIp: '192.0.2.7',
  sourcePort: '40000',
  userAgent: 'test-agent/1.0',
  requestId: '17F0C6B3A1B2C3D4',
};

async function setup(): Promise<{ layer: ObjectLayer; events: ObjectEventHub }> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-events-'));
  const opened = await openObjectLayer({ drives: [0, 1, 2, 3].map((i) => join(root, `d${i}`)) });
  const events = createEventHub({
    region: 'us-east-1',
    deploymentId: opened.deploymentId,
    endpoint: () => '127.0.0.1:9000',
  });
  cleanups.push(async () => {
    events.close();
    await opened.layer.close();
    await rm(root, { recursive: true, force: true });
  });
  return { layer: withObjectEvents(opened.layer, events), events };
}

const body = (text: string): Readable => Readable.from([Buffer.from(text)]);
const put = (
  layer: ObjectLayer,
  bucket: string,
  key: string,
  text: string,
  extra = {},
): Promise<ObjectInfo> =>
  layer.putObject(bucket, key, body(text), { size: Buffer.byteLength(text), origin, ...extra });

/**
 * A subscriber that, for each event, reads what the layer holds at that moment: proof that the
 * change was committed before the event went out.
 */
function committedReader(layer: ObjectLayer): {
  seen: { event: ObjectEvent; stored: ObjectInfo | 'missing' }[];
  handler: (event: ObjectEvent) => Promise<void>;
} {
  const seen: { event: ObjectEvent; stored: ObjectInfo | 'missing' }[] = [];
  return {
    seen,
    async handler(event) {
      let stored: ObjectInfo | 'missing';
      try {
        stored = await layer.getObjectInfo(event.bucket, event.key, {
          ...(event.versionId !== undefined ? { versionId: event.versionId } : {}),
        });
      } catch (err) {
        if (!(err instanceof ObjectNotFound) && !(err instanceof VersionNotFound)) throw err;
        stored = 'missing';
      }
      seen.push({ event, stored });
    },
  };
}

describe('eventing object layer', () => {
  it('publishes exactly one event per committed change, named as MinIO names it', async () => {
    const { layer, events } = await setup();
    const r = recorder();
    events.subscribe(undefined, r.handler);
    await layer.makeBucket('plain');
    await layer.makeBucket('versioned');
    await layer.updateBucketMetadata('versioned', (m) => {
      m.versioning = 'Enabled';
    });

    const a = await put(layer, 'plain', 'a.txt', 'alpha', {
      metadata: { contentType: 'text/plain', userMetadata: { colour: 'blue' } },
    });
    await put(layer, 'plain', 'form.txt', 'from a form', { cause: 'post' });
    await put(layer, 'plain', 'copy.txt', 'alpha', { cause: 'copy' });
    const uploadId = await layer.newMultipartUpload('plain', 'big.bin', {});
    const part = await layer.putObjectPart('plain', 'big.bin', uploadId, 1, body('part one'), { size: 8 });
    const mpu = await layer.completeMultipartUpload(
      'plain',
      'big.bin',
      uploadId,
      [{ partNumber: 1, etag: part.etag }],
      { origin },
    );
    const tag = (change: 'put-tagging' | 'delete-tagging' | 'put-retention' | 'put-legal-hold') =>
      layer.updateObjectMetadata(
        'plain',
        'a.txt',
        undefined,
        (info) => {
          info.tagging = change;
        },
        { change, origin },
      );
    await tag('put-tagging');
    await tag('delete-tagging');
    await tag('put-retention');
    await tag('put-legal-hold');
    await layer.deleteObject('plain', 'copy.txt', { origin });
    const v1 = await put(layer, 'versioned', 'doc', 'one');
    const marker = await layer.deleteObject('versioned', 'doc', { origin });
    await layer.deleteObject('versioned', 'doc', { versionId: marker.versionId ?? '', origin });
    await layer.deleteObject('versioned', 'doc', { versionId: v1.versionId, origin });
    // A bucket deletion and an aborted upload are not object changes; this put is the last event.
    const aborted = await layer.newMultipartUpload('plain', 'never', {});
    await layer.abortMultipartUpload('plain', 'never', aborted);
    await put(layer, 'plain', 'last', 'end');

    const all = await r.waitFor(14);
    expect(all.map((e) => [e.name, e.bucket, e.key])).toEqual([
      ['s3:ObjectCreated:Put', 'plain', 'a.txt'],
      ['s3:ObjectCreated:Post', 'plain', 'form.txt'],
      ['s3:ObjectCreated:Copy', 'plain', 'copy.txt'],
      ['s3:ObjectCreated:CompleteMultipartUpload', 'plain', 'big.bin'],
      ['s3:ObjectCreated:PutTagging', 'plain', 'a.txt'],
      ['s3:ObjectCreated:DeleteTagging', 'plain', 'a.txt'],
      ['s3:ObjectCreated:PutRetention', 'plain', 'a.txt'],
      ['s3:ObjectCreated:PutLegalHold', 'plain', 'a.txt'],
      ['s3:ObjectRemoved:Delete', 'plain', 'copy.txt'],
      ['s3:ObjectCreated:Put', 'versioned', 'doc'],
      ['s3:ObjectRemoved:DeleteMarkerCreated', 'versioned', 'doc'],
      ['s3:ObjectRemoved:Delete', 'versioned', 'doc'],
      ['s3:ObjectRemoved:Delete', 'versioned', 'doc'],
      ['s3:ObjectCreated:Put', 'plain', 'last'],
    ]);
    expect(all).toHaveLength(14);

    const first = all[0] as ObjectEvent;
    expect(first.record.s3.object).toMatchObject({
      key: 'a.txt',
      size: 5,
      eTag: a.etag,
      contentType: 'text/plain',
      userMetadata: { 'content-type': 'text/plain', 'X-Amz-Meta-Colour': 'blue' },
    });
    expect(first.record.s3.object.versionId).toBeUndefined();
    expect(first.record.userIdentity.principalId).toBe('alice');
    expect(first.record.responseElements['x-amz-request-id']).toBe(origin.requestId);
    expect(first.record.source).toEqual({ host: '192.0.2.7', port: '40000', userAgent: 'test-agent/1.0' });
    expect(all[3]?.record.s3.object.eTag).toBe(mpu.etag);
    expect(all[4]?.object?.tagging).toBe('put-tagging');
    expect(all[9]?.record.s3.object.versionId).toBe(v1.versionId);
    expect(all[10]?.versionId).toBe(marker.versionId);
    expect(all[10]?.record.s3.object).toEqual({
      key: 'doc',
      versionId: marker.versionId,
      sequencer: all[10]?.sequencer,
    });
    expect(all[11]?.versionId).toBe(marker.versionId);
    expect(all[12]?.versionId).toBe(v1.versionId);
  });

  it('publishes only after the change is committed', async () => {
    const { layer, events } = await setup();
    await layer.makeBucket('bkt');
    const reader = committedReader(layer);
    events.subscribe(undefined, reader.handler);
    // One change at a time, each followed by its event: what the handler reads is that change.
    const info = await put(layer, 'bkt', 'k', 'hello');
    await until(() => reader.seen.length === 1);
    await layer.updateObjectMetadata(
      'bkt',
      'k',
      undefined,
      (i) => {
        i.tagging = 'x=1';
      },
      { change: 'put-tagging' },
    );
    await until(() => reader.seen.length === 2);
    await layer.deleteObject('bkt', 'k');
    await until(() => reader.seen.length === 3);
    const [created, tagged, removed] = reader.seen.map((s) => s.stored);
    expect(created !== 'missing' && created?.etag).toBe(info.etag);
    expect(tagged !== 'missing' && tagged?.tagging).toBe('x=1');
    expect(removed).toBe('missing');
  });

  it('publishes nothing for a change that fails', async () => {
    const { layer, events } = await setup();
    await layer.makeBucket('bkt');
    await layer.makeBucket('guarded');
    await layer.updateBucketMetadata('guarded', (m) => {
      m.versioning = 'Enabled';
    });
    await put(layer, 'bkt', 'exists', 'v1');
    await put(layer, 'guarded', 'kept', 'v1');
    const r = recorder();
    events.subscribe(undefined, r.handler);

    await expect(
      put(layer, 'bkt', 'bad', 'data', {
        verify: () => {
          throw new BadDigest('no');
        },
      }),
    ).rejects.toBeInstanceOf(BadDigest);
    await expect(
      put(layer, 'bkt', 'exists', 'v2', {
        precondition: () => {
          throw new PreconditionFailed('no');
        },
      }),
    ).rejects.toBeInstanceOf(PreconditionFailed);
    await expect(
      layer.updateObjectMetadata(
        'bkt',
        'exists',
        undefined,
        () => {
          throw new PreconditionFailed('refused');
        },
        { change: 'put-retention', origin },
      ),
    ).rejects.toBeInstanceOf(PreconditionFailed);
    await expect(
      layer.updateObjectMetadata('bkt', 'missing', undefined, () => undefined, { change: 'put-tagging' }),
    ).rejects.toBeInstanceOf(ObjectNotFound);
    const kept = await layer.getObjectInfo('guarded', 'kept');
    await expect(
      layer.deleteObject('guarded', 'kept', {
        versionId: kept.versionId,
        guard: () => {
          throw new PreconditionFailed('locked');
        },
      }),
    ).rejects.toBeInstanceOf(PreconditionFailed);
    // Deleting what is not there succeeds (as S3 answers it) but changes nothing.
    expect(await layer.deleteObject('bkt', 'missing', { origin })).toMatchObject({ noop: true });
    expect(
      await layer.deleteObject('guarded', 'kept', { versionId: '0e2b1a3c-5d4e-4f60-8a7b-9c0d1e2f3a4b' }),
    ).toMatchObject({ noop: true });
    const uploadId = await layer.newMultipartUpload('bkt', 'mpu', {});
    await expect(
      layer.completeMultipartUpload('bkt', 'mpu', uploadId, [{ partNumber: 1, etag: 'deadbeef' }]),
    ).rejects.toThrow();

    // Delivery keeps publication order: had a failure published, it would arrive before this.
    await put(layer, 'bkt', 'sentinel', 'ok');
    const [only] = await r.waitFor(1);
    expect(only?.key).toBe('sentinel');
    expect(r.events).toHaveLength(1);
    // The two setup PUTs and the sentinel.
    expect(events.stats().published).toBe(3);
  });

  it('lets writes finish while a subscriber is blocked, keeping its queue bounded', async () => {
    const { layer, events } = await setup();
    await layer.makeBucket('bkt');
    const hold = gate();
    let calls = 0;
    let entered: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (entered = resolve));
    events.subscribe(
      undefined,
      async () => {
        calls++;
        entered();
        await hold.promise;
      },
      { name: 'stuck', queueLimit: 8 },
    );
    const others = recorder();
    events.subscribe(undefined, others.handler);

    await put(layer, 'bkt', 'k0', 'first');
    await blocked;
    for (let i = 1; i <= 40; i++) await put(layer, 'bkt', `k${i}`, `body ${i}`);

    // Every PUT returned while the stuck handler's promise is still pending.
    expect(calls).toBe(1);
    const stuck = events.stats().subscribers.find((s) => s.name === 'stuck');
    expect(stuck).toMatchObject({ queued: 8, queueLimit: 8, dropped: 32, delivered: 0 });
    await others.waitFor(41);
    hold.open();
  });
});
