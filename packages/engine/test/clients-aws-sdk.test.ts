/**
 * The AWS SDK for JavaScript v3 (`@aws-sdk/client-s3`, pinned) against a running engine process,
 * with its DEFAULT checksum behaviour: since 2025 the SDK computes a CRC32 for every PutObject /
 * UploadPart (sent as an aws-chunked trailer or header) and validates response checksums when
 * asked. Nothing here turns that off; the engine must accept it.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  paginateListObjectsV2,
  ListObjectsV2Command,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName, sha256 } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { s3Failure } from './helpers/s3-failure.js';

const MiB = 1024 * 1024;

let engine: EngineProcess;
let s3: S3Client;
const bucket = bucketName('awssdk');

function client(secretKey: string): S3Client {
  return new S3Client({
    endpoint: engine.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: engine.accessKey, secretAccessKey: secretKey },
    maxAttempts: 1,
  });
}

async function bodyBytes(out: { Body?: unknown }): Promise<Buffer> {
  const body = out.Body as { transformToByteArray(): Promise<Uint8Array> } | undefined;
  if (body === undefined) throw new Error('no body');
  return Buffer.from(await body.transformToByteArray());
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  s3 = client(engine.secretKey);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

afterAll(async () => {
  s3?.destroy();
  await engine?.destroy();
});

describe('PutObject / GetObject with default checksums', () => {
  const cases: [string, () => { body: string | Buffer | Readable; length?: number }, Buffer][] = [];
  const text = 'hello, coffer — ünïcödé text\n'.repeat(50);
  const buf = randomBytes(300_000);
  const streamed = randomBytes(3 * MiB + 17);
  cases.push(['string', () => ({ body: text }), Buffer.from(text)]);
  cases.push(['Buffer', () => ({ body: buf }), buf]);
  cases.push([
    'stream',
    () => ({
      body: Readable.from([streamed.subarray(0, MiB), streamed.subarray(MiB)]),
      length: streamed.length,
    }),
    streamed,
  ]);
  cases.push(['empty Buffer', () => ({ body: Buffer.alloc(0) }), Buffer.alloc(0)]);

  it.each(cases)('%s body round-trips and its CRC32 is validated on GET', async (name, make, expected) => {
    const key = `put/${name.replace(/\s/g, '-')}`;
    const { body, length } = make();
    const put = await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: length }),
    );
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    // The SDK sent a CRC32 by default; the engine echoes the stored checksum.
    expect(put.ChecksumCRC32).toMatch(/^[A-Za-z0-9+/]{6}==$/);

    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }));
    expect(got.ChecksumCRC32).toBe(put.ChecksumCRC32);
    expect(got.ContentLength).toBe(expected.length);
    expect(sha256(await bodyBytes(got))).toBe(sha256(expected));
  });

  it('a wrong x-amz-checksum-crc32 is refused and nothing is stored', async () => {
    const err = await s3Failure(
      s3.send(
        new PutObjectCommand({ Bucket: bucket, Key: 'put/bad-crc', Body: 'abc', ChecksumCRC32: 'AAAAAA==' }),
      ),
    );
    expect(err.status).toBe(400);
    expect(['BadDigest', 'XAmzContentChecksumMismatch', 'InvalidRequest']).toContain(err.code);
    const head = await s3Failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'put/bad-crc' })));
    expect(head.status).toBe(404);
  });
});

describe('multipart with checksums', () => {
  it('CreateMultipartUpload / UploadPart / Complete with CRC32 yields a -3 ETag and the same bytes', async () => {
    const key = 'mp/object.bin';
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(MiB + 3)];
    const created = await s3.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        ChecksumAlgorithm: 'CRC32',
        ContentType: 'application/x-test',
      }),
    );
    const uploadId = created.UploadId;
    expect(uploadId).toBeTruthy();
    const done: CompletedPart[] = [];
    for (const [i, data] of parts.entries()) {
      const r = await s3.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: i + 1,
          Body: data,
          ChecksumAlgorithm: 'CRC32',
        }),
      );
      expect(r.ChecksumCRC32).toBeTruthy();
      done.push({ PartNumber: i + 1, ETag: r.ETag, ChecksumCRC32: r.ChecksumCRC32 });
    }
    const complete = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: done },
      }),
    );
    expect(complete.ETag).toMatch(/^"[0-9a-f]{32}-3"$/);
    // Composite checksum of a multipart object: base64 CRC32 of the part CRC32s, suffixed "-3".
    expect(complete.ChecksumCRC32).toMatch(/^[A-Za-z0-9+/]{6}==-3$/);

    const whole = Buffer.concat(parts);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(got.ContentType).toBe('application/x-test');
    expect(got.ETag).toBe(complete.ETag);
    expect(sha256(await bodyBytes(got))).toBe(sha256(whole));

    const part2 = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, PartNumber: 2 }));
    expect(part2.PartsCount).toBe(3);
    expect(sha256(await bodyBytes(part2))).toBe(sha256(parts[1]!));

    const range = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${5 * MiB - 10}-${5 * MiB + 9}` }),
    );
    expect(range.ContentRange).toBe(`bytes ${5 * MiB - 10}-${5 * MiB + 9}/${whole.length}`);
    expect(await bodyBytes(range)).toEqual(whole.subarray(5 * MiB - 10, 5 * MiB + 10));
  });

  it('a part whose checksum does not match the CompleteMultipartUpload list is refused', async () => {
    const key = 'mp/bad.bin';
    const created = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ChecksumAlgorithm: 'CRC32' }),
    );
    const r = await s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: created.UploadId,
        PartNumber: 1,
        Body: randomBytes(1000),
        ChecksumAlgorithm: 'CRC32',
      }),
    );
    const err = await s3Failure(
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: created.UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: r.ETag, ChecksumCRC32: 'AAAAAA==' }] },
        }),
      ),
    );
    expect(err.status).toBe(400);
  });
});

describe('CopyObject, DeleteObjects, ListObjectsV2, HeadObject errors', () => {
  it('CopyObject copies bytes and can replace metadata', async () => {
    const data = randomBytes(200_000);
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'copy/src', Body: data, Metadata: { origin: 'src' } }),
    );
    const copied = await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'copy/dst',
        CopySource: `${bucket}/copy/src`,
        MetadataDirective: 'REPLACE',
        Metadata: { origin: 'copy' },
      }),
    );
    expect(copied.CopyObjectResult?.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'copy/dst' }));
    expect(head.Metadata).toEqual({ origin: 'copy' });
    expect(head.ContentLength).toBe(data.length);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'copy/dst' }));
    expect(sha256(await bodyBytes(got))).toBe(sha256(data));
    // A key with characters that must be URL-encoded in x-amz-copy-source.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: "copy/it's a+b ü", Body: 'x' }));
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'copy/odd-dst',
        CopySource: `${bucket}/${encodeURIComponent("copy/it's a+b ü")}`,
      }),
    );
    const odd = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'copy/odd-dst' }));
    expect((await bodyBytes(odd)).toString()).toBe('x');
  });

  it('DeleteObjects deletes many keys (a missing key counts as deleted)', async () => {
    for (const k of ['del/1', 'del/2', 'del/3'])
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: k, Body: k }));
    const r = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: {
          Objects: [{ Key: 'del/1' }, { Key: 'del/2' }, { Key: 'del/3' }, { Key: 'del/never-existed' }],
        },
      }),
    );
    expect((r.Deleted ?? []).map((d) => d.Key).sort()).toEqual([
      'del/1',
      'del/2',
      'del/3',
      'del/never-existed',
    ]);
    expect(r.Errors ?? []).toEqual([]);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'del/' }));
    expect(left.KeyCount).toBe(0);
  });

  it('ListObjectsV2 paginates in key order and groups by delimiter', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `page/k${String(i).padStart(3, '0')}`);
    keys.push('page/sub/a', 'page/sub/b', 'page/zz/c');
    await Promise.all(keys.map((k) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: k, Body: k }))));
    const seen: string[] = [];
    let pages = 0;
    for await (const page of paginateListObjectsV2(
      { client: s3, pageSize: 10 },
      { Bucket: bucket, Prefix: 'page/' },
    )) {
      pages++;
      expect(page.KeyCount).toBeLessThanOrEqual(10);
      seen.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...keys].sort());

    const grouped = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'page/', Delimiter: '/', MaxKeys: 1000 }),
    );
    expect((grouped.CommonPrefixes ?? []).map((p) => p.Prefix)).toEqual(['page/sub/', 'page/zz/']);
    expect(grouped.KeyCount).toBe(27);

    const after = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'page/', StartAfter: 'page/k020', Delimiter: '/' }),
    );
    expect((after.Contents ?? []).map((o) => o.Key)).toEqual([
      'page/k021',
      'page/k022',
      'page/k023',
      'page/k024',
    ]);
  });

  it('HeadObject / GetObject / HeadBucket report clean S3 errors', async () => {
    const missingKey = await s3Failure(
      s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'no/such/key' })),
    );
    expect(missingKey.status).toBe(404);
    expect(missingKey.code).toBe('NotFound');

    const getMissing = await s3Failure(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'no/such/key' })));
    expect(getMissing.code).toBe('NoSuchKey');

    const noBucket = await s3Failure(
      s3.send(new GetObjectCommand({ Bucket: 'no-such-bucket-here', Key: 'k' })),
    );
    expect(noBucket.code).toBe('NoSuchBucket');
    const headNoBucket = await s3Failure(s3.send(new HeadBucketCommand({ Bucket: 'no-such-bucket-here' })));
    expect(headNoBucket.status).toBe(404);

    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'cond', Body: 'c' }));
    const notModified = await s3Failure(
      s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'cond', IfNoneMatch: put.ETag })),
    );
    expect(notModified.status).toBe(304);
    const failed = await s3Failure(
      s3.send(
        new GetObjectCommand({ Bucket: bucket, Key: 'cond', IfMatch: '"0123456789abcdef0123456789abcdef"' }),
      ),
    );
    expect(failed.status).toBe(412);
    expect(failed.code).toBe('PreconditionFailed');

    const badRange = await s3Failure(
      s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'cond', Range: 'bytes=100-200' })),
    );
    expect(badRange.status).toBe(416);
    expect(badRange.code).toBe('InvalidRange');

    const wrongSecret = client(`${engine.secretKey}x`);
    const denied = await s3Failure(wrongSecret.send(new GetObjectCommand({ Bucket: bucket, Key: 'cond' })));
    wrongSecret.destroy();
    expect(denied.status).toBe(403);
    expect(denied.code).toBe('SignatureDoesNotMatch');
  });
});
