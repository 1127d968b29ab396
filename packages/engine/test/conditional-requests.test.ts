/**
 * Conditional writes and deletes with the AWS SDK v3 against an engine process: PutObject and
 * CompleteMultipartUpload with `IfNoneMatch: '*'` (or an ETag, as MinIO) and `IfMatch`;
 * DeleteObject with `IfMatch`, `IfMatchSize`, `IfMatchLastModifiedTime`; DeleteObjects with
 * per-object `ETag` / `Size`. AWS's status codes: 412 PreconditionFailed when a condition does not
 * hold, 404 NoSuchKey when a condition needs an object that is not there.
 */
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { s3Failure } from './helpers/s3-failure.js';
import { sdkClient } from './helpers/sdk-client.js';

let engine: EngineProcess;
let s3: S3Client;
const bucket = bucketName('cond');
const versioned = bucketName('condver');

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  s3 = sdkClient(engine.url, engine);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new CreateBucketCommand({ Bucket: versioned }));
  await s3.send(
    new PutBucketVersioningCommand({ Bucket: versioned, VersioningConfiguration: { Status: 'Enabled' } }),
  );
});

afterAll(async () => {
  await engine?.destroy();
});

async function text(key: string, b = bucket): Promise<string> {
  const got = await s3.send(new GetObjectCommand({ Bucket: b, Key: key }));
  return (await got.Body?.transformToString()) ?? '';
}

async function multipart(key: string, body: string, conditions: { IfMatch?: string; IfNoneMatch?: string }) {
  const created = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  const part = await s3.send(
    new UploadPartCommand({
      Bucket: bucket,
      Key: key,
      UploadId: created.UploadId,
      PartNumber: 1,
      Body: body,
    }),
  );
  return s3.send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId: created.UploadId,
      MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      ...conditions,
    }),
  );
}

describe('PutObject', () => {
  it("IfNoneMatch '*' creates once, then 412 PreconditionFailed and the object is unchanged", async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'once', Body: 'first', IfNoneMatch: '*' }));
    const again = await s3Failure(
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'once', Body: 'second', IfNoneMatch: '*' })),
    );
    expect(again).toMatchObject({ status: 412, code: 'PreconditionFailed' });
    expect(await text('once')).toBe('first');
  });

  it('IfMatch replaces only the ETag given; a missing key is 404 NoSuchKey', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'cas', Body: 'v1' }));
    const wrong = await s3Failure(
      s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: 'cas',
          Body: 'v2',
          IfMatch: '"0123456789abcdef0123456789abcdef"',
        }),
      ),
    );
    expect(wrong).toMatchObject({ status: 412, code: 'PreconditionFailed' });
    const ok = await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'cas', Body: 'v2', IfMatch: put.ETag }),
    );
    expect(ok.ETag).not.toBe(put.ETag);
    expect(await text('cas')).toBe('v2');
    // The old ETag no longer matches.
    const stale = await s3Failure(
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'cas', Body: 'v3', IfMatch: put.ETag })),
    );
    expect(stale.status).toBe(412);
    const missing = await s3Failure(
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'nothing-here', Body: 'x', IfMatch: '*' })),
    );
    expect(missing).toMatchObject({ status: 404, code: 'NoSuchKey' });
  });

  it('IfNoneMatch with an ETag refuses to overwrite that version only (as MinIO)', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'inm', Body: 'a' }));
    const same = await s3Failure(
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'inm', Body: 'b', IfNoneMatch: put.ETag })),
    );
    expect(same.status).toBe(412);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'inm', Body: 'c', IfNoneMatch: '"other"' }));
    expect(await text('inm')).toBe('c');
  });
});

describe('concurrency and CopyObject', () => {
  it("of eight racing IfNoneMatch '*' writes exactly one wins, the others are 412", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'race', Body: `writer ${i}`, IfNoneMatch: '*' })),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect((r.reason as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(412);
    }
    expect(await text('race')).toMatch(/^writer \d$/);
  });

  it('CopyObject honours IfNoneMatch / IfMatch on the destination', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'copy-src', Body: 'source' }));
    const dest = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'copy-dst', Body: 'dest' }));
    const source = `${bucket}/copy-src`;
    const refused = await s3Failure(
      s3.send(
        new CopyObjectCommand({ Bucket: bucket, Key: 'copy-dst', CopySource: source, IfNoneMatch: '*' }),
      ),
    );
    expect(refused).toMatchObject({ status: 412, code: 'PreconditionFailed' });
    expect(await text('copy-dst')).toBe('dest');
    await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'copy-dst', CopySource: source, IfMatch: dest.ETag }),
    );
    expect(await text('copy-dst')).toBe('source');
  });
});

describe('CompleteMultipartUpload', () => {
  it("IfNoneMatch '*' over an existing key is 412; IfMatch with its ETag completes; IfMatch on a missing key is 404", async () => {
    const first = await multipart('mp', 'one', { IfNoneMatch: '*' });
    expect(first.ETag).toMatch(/-1"$/);
    const refused = await s3Failure(multipart('mp', 'two', { IfNoneMatch: '*' }));
    expect(refused).toMatchObject({ status: 412, code: 'PreconditionFailed' });
    expect(await text('mp')).toBe('one');
    const wrong = await s3Failure(multipart('mp', 'two', { IfMatch: '"deadbeef"' }));
    expect(wrong.status).toBe(412);
    await multipart('mp', 'three', { IfMatch: first.ETag ?? '' });
    expect(await text('mp')).toBe('three');
    const missing = await s3Failure(multipart('mp-missing', 'x', { IfMatch: '*' }));
    expect(missing).toMatchObject({ status: 404, code: 'NoSuchKey' });
  });
});

describe('DeleteObject', () => {
  it('IfMatch: a wrong ETag is 412 and keeps the object; the right one deletes; then 404 NoSuchKey', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'del', Body: 'doomed' }));
    const wrong = await s3Failure(
      s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'del', IfMatch: '"nope"' })),
    );
    expect(wrong).toMatchObject({ status: 412, code: 'PreconditionFailed' });
    expect(await text('del')).toBe('doomed');
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'del', IfMatch: put.ETag }));
    const gone = await s3Failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'del' })));
    expect(gone.status).toBe(404);
    const again = await s3Failure(
      s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'del', IfMatch: '*' })),
    );
    expect(again).toMatchObject({ status: 404, code: 'NoSuchKey' });
    // Without conditions a missing key is still a 204.
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'del' }));
  });

  it('IfMatchSize and IfMatchLastModifiedTime', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'sized', Body: '12345' }));
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'sized' }));
    const bySize = await s3Failure(
      s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'sized', IfMatchSize: 4 })),
    );
    expect(bySize.status).toBe(412);
    const byTime = await s3Failure(
      s3.send(
        new DeleteObjectCommand({
          Bucket: bucket,
          Key: 'sized',
          IfMatchLastModifiedTime: new Date((head.LastModified?.getTime() ?? 0) - 60_000),
        }),
      ),
    );
    expect(byTime.status).toBe(412);
    await s3.send(
      new DeleteObjectCommand({
        Bucket: bucket,
        Key: 'sized',
        IfMatchSize: 5,
        ...(head.LastModified !== undefined ? { IfMatchLastModifiedTime: head.LastModified } : {}),
      }),
    );
    expect((await s3Failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'sized' })))).status).toBe(
      404,
    );
  });

  it('versioned: IfMatch adds a delete marker; then the current version is a marker → 404', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket: versioned, Key: 'v', Body: 'kept as a version' }),
    );
    const del = await s3.send(new DeleteObjectCommand({ Bucket: versioned, Key: 'v', IfMatch: put.ETag }));
    expect(del.DeleteMarker).toBe(true);
    const again = await s3Failure(
      s3.send(new DeleteObjectCommand({ Bucket: versioned, Key: 'v', IfMatch: '*' })),
    );
    expect(again).toMatchObject({ status: 404, code: 'NoSuchKey' });
    // The named version still matches its ETag and can be removed conditionally.
    await s3.send(
      new DeleteObjectCommand({ Bucket: versioned, Key: 'v', VersionId: put.VersionId, IfMatch: put.ETag }),
    );
  });
});

describe('DeleteObjects', () => {
  it('per-object ETag and Size: matching ones go, others are PreconditionFailed / NoSuchKey errors', async () => {
    const a = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'many/a', Body: 'aaa' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'many/b', Body: 'bbb' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'many/c', Body: 'ccc' }));
    const result = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: {
          Objects: [
            { Key: 'many/a', ETag: a.ETag },
            { Key: 'many/b', ETag: '"0123456789abcdef0123456789abcdef"' },
            { Key: 'many/c', ETag: '*', Size: 2 },
            { Key: 'many/missing', ETag: '*' },
            { Key: 'many/plain-missing' },
          ],
        },
      }),
    );
    expect((result.Deleted ?? []).map((d) => d.Key).sort()).toEqual(['many/a', 'many/plain-missing']);
    const errors = Object.fromEntries((result.Errors ?? []).map((e) => [e.Key, e.Code]));
    expect(errors).toEqual({
      'many/b': 'PreconditionFailed',
      'many/c': 'PreconditionFailed',
      'many/missing': 'NoSuchKey',
    });
    expect(await text('many/b')).toBe('bbb');
    expect(await text('many/c')).toBe('ccc');
  });
});
