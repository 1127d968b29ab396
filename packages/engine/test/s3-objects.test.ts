/**
 * Object-level S3 operations through the real HTTP stack: an EngineContext assembled directly
 * (`helpers/http-engine.ts`: object layer over four temp drives, one root credential, a random port),
 * driven by the AWS SDK v3 (default flexible checksums on, so uploads go out as aws-chunked bodies
 * with trailing checksums), minio-js, plain fetch for presigned URLs and browser POST forms, and
 * hand-signed raw requests where a client would not send what is being tested.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, CopyConditions, CopySourceOptions, CopyDestinationOptions } from 'minio';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectTaggingCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { signedRequest, type SignedReply } from './helpers/signed-request.js';
import { s3Failure } from './helpers/s3-failure.js';

const ACCESS_KEY = 'COFFERTESTROOTKEY002';
const SECRET_KEY = 'coffer-test-root-secret-key-objects-0123';
const BUCKET = 'objects';
const VERSIONED = 'versioned';
const MiB = 1024 * 1024;

let engine: HttpEngine | undefined;
let port: number;
let s3: S3Client;
let minio: Client;

function md5Hex(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex');
}

function pattern(size: number, seed = 1): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed * 7) & 0xff;
  return b;
}

async function getText(bucket: string, key: string, extra: Record<string, unknown> = {}): Promise<string> {
  const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...extra }));
  return (await out.Body?.transformToString()) ?? '';
}

/** A request signed by hand (SigV4 header form), for what no client sends on its own. */
function raw(
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<SignedReply> {
  return signedRequest(
    `http://127.0.0.1:${port}`,
    { accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
    { method, path: pathAndQuery, ...options },
  );
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 's3-objects', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  ({ port } = engine);
  // Default checksum behaviour on purpose: uploads are aws-chunked with a CRC32 trailer.
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  minio = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    pathStyle: true,
    region: 'us-east-1',
    partSize: 5 * MiB,
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  await s3.send(new CreateBucketCommand({ Bucket: VERSIONED }));
  await s3.send(
    new PutBucketVersioningCommand({ Bucket: VERSIONED, VersioningConfiguration: { Status: 'Enabled' } }),
  );
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

describe('PutObject / GetObject / HeadObject / DeleteObject (AWS SDK v3)', () => {
  it('stores and returns bytes, metadata, tags and checksums', async () => {
    const body = 'hello, coffer';
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'docs/hello.txt',
        Body: body,
        ContentType: 'text/plain',
        CacheControl: 'max-age=60',
        ContentDisposition: 'inline',
        ContentLanguage: 'en',
        Metadata: { Color: 'blue', mtime: '1700000000' },
        Tagging: 'project=coffer&tier=gold',
      }),
    );
    expect(put.ETag).toBe(`"${md5Hex(body)}"`);
    expect(put.ChecksumCRC32).toBeDefined();
    expect(put.VersionId).toBeUndefined();

    const got = await s3.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'docs/hello.txt', ChecksumMode: 'ENABLED' }),
    );
    expect(await got.Body?.transformToString()).toBe(body);
    expect(got.ContentType).toBe('text/plain');
    expect(got.ContentLength).toBe(body.length);
    expect(got.CacheControl).toBe('max-age=60');
    expect(got.ContentDisposition).toBe('inline');
    expect(got.ContentLanguage).toBe('en');
    expect(got.Metadata).toEqual({ color: 'blue', mtime: '1700000000' });
    expect(got.TagCount).toBe(2);
    expect(got.ChecksumCRC32).toBe(put.ChecksumCRC32);
    expect(got.ETag).toBe(put.ETag);
    expect(got.LastModified).toBeInstanceOf(Date);
    // Content-Encoding: aws-chunked was transport framing, not stored.
    expect(got.ContentEncoding).toBeUndefined();

    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'docs/hello.txt' }));
    expect(head.ContentLength).toBe(body.length);
    expect(head.ETag).toBe(put.ETag);
    expect(head.Metadata).toEqual({ color: 'blue', mtime: '1700000000' });
    expect(head.StorageClass).toBeUndefined();
  });

  it('defaults the content type to application/octet-stream and keeps REDUCED_REDUNDANCY', async () => {
    const res = await raw('PUT', `/${BUCKET}/plain.bin`, {
      body: 'abc',
      headers: { 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
    });
    expect(res.status).toBe(200);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'plain.bin' }));
    expect(head.ContentType).toBe('application/octet-stream');
    expect(head.StorageClass).toBe('REDUCED_REDUNDANCY');
    const bad = await raw('PUT', `/${BUCKET}/plain.bin`, {
      body: 'abc',
      headers: { 'x-amz-storage-class': 'GLACIER' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('<Code>InvalidStorageClass</Code>');
  });

  it('streams a 3 MiB body of unknown content through the aws-chunked trailer path', async () => {
    const data = pattern(3 * MiB);
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'big/stream.bin',
        Body: Readable.from([data]),
        ContentLength: data.length,
      }),
    );
    expect(put.ETag).toBe(`"${md5Hex(data)}"`);
    const got = await s3.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'big/stream.bin', ChecksumMode: 'ENABLED' }),
    );
    const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
    expect(bytes.equals(data)).toBe(true);
  });

  it('stores a 0-byte object', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'empty', Body: '' }));
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'empty' }));
    expect(head.ContentLength).toBe(0);
    expect(head.ETag).toBe(`"${md5Hex('')}"`);
    expect(await getText(BUCKET, 'empty')).toBe('');
  });

  it('deletes (204 also for missing keys) and then answers NoSuchKey', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'doomed', Body: 'x' }));
    const del = await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'doomed' }));
    expect(del.$metadata.httpStatusCode).toBe(204);
    expect(await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'doomed' })))).toMatchObject({
      code: 'NoSuchKey',
      status: 404,
    });
    expect(await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'doomed' })))).toMatchObject({
      status: 404,
    });
    const again = await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'doomed' }));
    expect(again.$metadata.httpStatusCode).toBe(204);
    expect(
      await s3Failure(s3.send(new DeleteObjectCommand({ Bucket: 'no-such-bucket', Key: 'k' }))),
    ).toMatchObject({
      code: 'NoSuchBucket',
      status: 404,
    });
  });

  it('verifies Content-MD5 and x-amz-checksum-* headers and leaves nothing on mismatch', async () => {
    const body = 'integrity';
    const good = await raw('PUT', `/${BUCKET}/md5.txt`, {
      body,
      headers: { 'content-md5': createHash('md5').update(body).digest('base64') },
    });
    expect(good.status).toBe(200);
    const bad = await raw('PUT', `/${BUCKET}/md5-bad.txt`, {
      body,
      headers: { 'content-md5': createHash('md5').update('other').digest('base64') },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('<Code>BadDigest</Code>');
    const malformed = await raw('PUT', `/${BUCKET}/md5-bad.txt`, {
      body,
      headers: { 'content-md5': 'nope' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain('<Code>InvalidDigest</Code>');
    const crc = await raw('PUT', `/${BUCKET}/md5-bad.txt`, {
      body,
      headers: { 'x-amz-checksum-crc32': 'AAAAAA==' },
    });
    expect(crc.status).toBe(400);
    expect(crc.body).toContain('<Code>XAmzContentChecksumMismatch</Code>');
    expect(
      await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'md5-bad.txt' }))),
    ).toMatchObject({ status: 404 });
    const sha = createHash('sha256').update(body).digest('base64');
    const ok = await raw('PUT', `/${BUCKET}/sha.txt`, { body, headers: { 'x-amz-checksum-sha256': sha } });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-amz-checksum-sha256']).toBe(sha);
  });

  it('applies response-* overrides on signed GETs', async () => {
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'override.txt', Body: 'x', ContentType: 'text/plain' }),
    );
    const got = await s3.send(
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: 'override.txt',
        ResponseContentType: 'application/json',
        ResponseContentDisposition: 'attachment; filename="x.json"',
        ResponseCacheControl: 'no-store',
      }),
    );
    expect(got.ContentType).toBe('application/json');
    expect(got.ContentDisposition).toBe('attachment; filename="x.json"');
    expect(got.CacheControl).toBe('no-store');
    await got.Body?.transformToString();
  });
});

describe('ranges and part numbers', () => {
  const data = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Body: data }));
  });

  it('serves first-last, open-ended and suffix ranges with 206 and Content-Range', async () => {
    for (const [range, expected, contentRange] of [
      ['bytes=0-9', '0123456789', 'bytes 0-9/20'],
      ['bytes=15-', 'fghij', 'bytes 15-19/20'],
      ['bytes=-3', 'hij', 'bytes 17-19/20'],
      ['bytes=18-100', 'ij', 'bytes 18-19/20'],
    ] as const) {
      const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'range.txt', Range: range }));
      expect(got.$metadata.httpStatusCode, range).toBe(206);
      expect(got.ContentRange, range).toBe(contentRange);
      expect(await got.Body?.transformToString(), range).toBe(expected);
    }
  });

  it('answers 416 InvalidRange for unsatisfiable ranges and ignores malformed ones', async () => {
    const res = await raw('GET', `/${BUCKET}/range.txt`, { headers: { range: 'bytes=20-' } });
    expect(res.status).toBe(416);
    expect(res.body).toContain('<Code>InvalidRange</Code>');
    expect(res.body).toContain('<ActualObjectSize>20</ActualObjectSize>');
    expect(res.headers['content-range']).toBe('bytes */20');
    const ignored = await raw('GET', `/${BUCKET}/range.txt`, { headers: { range: 'bytes=5-2' } });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toBe(data.toString());
  });

  it('HEAD with a Range reports the slice', async () => {
    const res = await raw('HEAD', `/${BUCKET}/range.txt`, { headers: { range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    expect(res.headers['content-length']).toBe('4');
    expect(res.headers['content-range']).toBe('bytes 2-5/20');
  });

  it('partNumber=1 of a single-part object is the whole object; others are InvalidPartNumber', async () => {
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'range.txt', PartNumber: 1 }));
    expect(got.$metadata.httpStatusCode).toBe(206);
    expect(await got.Body?.transformToString()).toBe(data.toString());
    const res = await raw('GET', `/${BUCKET}/range.txt?partNumber=2`);
    expect(res.status).toBe(416);
    expect(res.body).toContain('<Code>InvalidPartNumber</Code>');
    const both = await raw('GET', `/${BUCKET}/range.txt?partNumber=1`, { headers: { range: 'bytes=0-1' } });
    expect(both.status).toBe(400);
    expect(both.body).toContain('<Code>InvalidRequest</Code>');
  });
});

describe('conditional requests', () => {
  let etag = '';
  let lastModified: Date;

  beforeAll(async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'cond.txt', Body: 'conditional' }));
    etag = put.ETag ?? '';
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'cond.txt' }));
    lastModified = head.LastModified ?? new Date();
  });

  it('If-Match / If-None-Match', async () => {
    expect(await getText(BUCKET, 'cond.txt', { IfMatch: etag })).toBe('conditional');
    expect(
      await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'cond.txt', IfMatch: '"nope"' }))),
    ).toMatchObject({
      code: 'PreconditionFailed',
      status: 412,
    });
    const notModified = await raw('GET', `/${BUCKET}/cond.txt`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.body).toBe('');
    expect(await getText(BUCKET, 'cond.txt', { IfNoneMatch: '"other"' })).toBe('conditional');
  });

  it('If-Modified-Since / If-Unmodified-Since with S3 precedence', async () => {
    const later = new Date(lastModified.getTime() + 3600_000).toUTCString();
    const earlier = new Date(lastModified.getTime() - 3600_000).toUTCString();
    expect(
      (await raw('GET', `/${BUCKET}/cond.txt`, { headers: { 'if-modified-since': later } })).status,
    ).toBe(304);
    expect(
      (await raw('GET', `/${BUCKET}/cond.txt`, { headers: { 'if-modified-since': earlier } })).status,
    ).toBe(200);
    expect(
      (await raw('GET', `/${BUCKET}/cond.txt`, { headers: { 'if-unmodified-since': earlier } })).status,
    ).toBe(412);
    expect(
      (
        await raw('GET', `/${BUCKET}/cond.txt`, {
          headers: { 'if-match': etag, 'if-unmodified-since': earlier },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await raw('HEAD', `/${BUCKET}/cond.txt`, {
          headers: { 'if-none-match': etag, 'if-modified-since': earlier },
        })
      ).status,
    ).toBe(304);
  });

  it('conditional writes: If-None-Match * and If-Match on PUT', async () => {
    expect(
      await s3Failure(
        s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'cond.txt', Body: 'new', IfNoneMatch: '*' })),
      ),
    ).toMatchObject({ code: 'PreconditionFailed', status: 412 });
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'cond-new.txt', Body: 'first', IfNoneMatch: '*' }),
    );
    expect(await getText(BUCKET, 'cond-new.txt')).toBe('first');
    const wrong = await raw('PUT', `/${BUCKET}/cond.txt`, { body: 'x', headers: { 'if-match': '"nope"' } });
    expect(wrong.status).toBe(412);
    const right = await raw('PUT', `/${BUCKET}/cond.txt`, {
      body: 'replaced',
      headers: { 'if-match': etag },
    });
    expect(right.status).toBe(200);
    expect(await getText(BUCKET, 'cond.txt')).toBe('replaced');
  });
});

describe('CopyObject', () => {
  beforeAll(async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'copy/src.txt',
        Body: 'copy me',
        ContentType: 'text/plain',
        Metadata: { origin: 'src' },
        Tagging: 'a=1',
      }),
    );
  });

  it('copies data, metadata and tags (COPY directive)', async () => {
    const out = await s3.send(
      new CopyObjectCommand({ Bucket: BUCKET, Key: 'copy/dst.txt', CopySource: `${BUCKET}/copy/src.txt` }),
    );
    expect(out.CopyObjectResult?.ETag).toBe(`"${md5Hex('copy me')}"`);
    expect(out.CopyObjectResult?.LastModified).toBeInstanceOf(Date);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'copy/dst.txt' }));
    expect(head.ContentType).toBe('text/plain');
    expect(head.Metadata).toEqual({ origin: 'src' });
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'copy/dst.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'a', Value: '1' }]);
  });

  it('REPLACE takes the request metadata and tagging directive REPLACE the new tags', async () => {
    await s3.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy/replaced.txt',
        CopySource: `/${BUCKET}/copy/src.txt`,
        MetadataDirective: 'REPLACE',
        ContentType: 'application/json',
        Metadata: { fresh: 'yes' },
        TaggingDirective: 'REPLACE',
        Tagging: 'b=2',
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'copy/replaced.txt' }));
    expect(head.ContentType).toBe('application/json');
    expect(head.Metadata).toEqual({ fresh: 'yes' });
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'copy/replaced.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'b', Value: '2' }]);
  });

  it('refuses copying an object onto itself without changes, allows it with REPLACE', async () => {
    const err = await raw('PUT', `/${BUCKET}/copy/src.txt`, {
      headers: { 'x-amz-copy-source': `/${BUCKET}/copy/src.txt` },
    });
    expect(err.status).toBe(400);
    expect(err.body).toContain('<Code>InvalidRequest</Code>');
    expect(err.body).toContain('This copy request is illegal');
    await s3.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy/src.txt',
        CopySource: `${BUCKET}/copy/src.txt`,
        MetadataDirective: 'REPLACE',
        Metadata: { origin: 'rewritten' },
        ContentType: 'text/plain',
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'copy/src.txt' }));
    expect(head.Metadata).toEqual({ origin: 'rewritten' });
    expect(await getText(BUCKET, 'copy/src.txt')).toBe('copy me');
  });

  it('checks copy-source conditionals and reports missing sources', async () => {
    expect(
      await s3Failure(
        s3.send(
          new CopyObjectCommand({
            Bucket: BUCKET,
            Key: 'copy/never.txt',
            CopySource: `${BUCKET}/copy/src.txt`,
            CopySourceIfMatch: '"nope"',
          }),
        ),
      ),
    ).toMatchObject({ code: 'PreconditionFailed', status: 412 });
    expect(
      await s3Failure(
        s3.send(
          new CopyObjectCommand({
            Bucket: BUCKET,
            Key: 'copy/never.txt',
            CopySource: `${BUCKET}/copy/missing`,
          }),
        ),
      ),
    ).toMatchObject({ code: 'NoSuchKey', status: 404 });
    const bad = await raw('PUT', `/${BUCKET}/copy/never.txt`, {
      headers: { 'x-amz-copy-source': 'justabucket' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('<Code>InvalidArgument</Code>');
  });

  it('copies with minio-js (CopyConditions and copyObject V2)', async () => {
    const conds = new CopyConditions();
    conds.setMatchETag(md5Hex('copy me'));
    await minio.copyObject(BUCKET, 'copy/minio1.txt', `/${BUCKET}/copy/src.txt`, conds);
    expect(await getText(BUCKET, 'copy/minio1.txt')).toBe('copy me');
    await minio.copyObject(
      new CopySourceOptions({ Bucket: BUCKET, Object: 'copy/src.txt' }),
      new CopyDestinationOptions({
        Bucket: BUCKET,
        Object: 'copy/minio2.txt',
        MetadataDirective: 'REPLACE',
        UserMetadata: { k: 'v' },
      }),
    );
    const stat = await minio.statObject(BUCKET, 'copy/minio2.txt');
    expect(stat.metaData).toMatchObject({ k: 'v' });
  });
});

describe('object tagging', () => {
  it('puts, gets and deletes a tag set', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'tagged', Body: 'x' }));
    await s3.send(
      new PutObjectTaggingCommand({
        Bucket: BUCKET,
        Key: 'tagged',
        Tagging: {
          TagSet: [
            { Key: 'env', Value: 'prod' },
            { Key: 'with space', Value: 'a&b=c' },
          ],
        },
      }),
    );
    const got = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'tagged' }));
    expect(got.TagSet).toEqual([
      { Key: 'env', Value: 'prod' },
      { Key: 'with space', Value: 'a&b=c' },
    ]);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'tagged' }));
    expect(head.$metadata.httpStatusCode).toBe(200);
    const del = await s3.send(new DeleteObjectTaggingCommand({ Bucket: BUCKET, Key: 'tagged' }));
    expect(del.$metadata.httpStatusCode).toBe(204);
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'tagged' }))).TagSet).toEqual(
      [],
    );
  });

  it('enforces the tag limits with InvalidTag', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    expect(
      await s3Failure(
        s3.send(new PutObjectTaggingCommand({ Bucket: BUCKET, Key: 'tagged', Tagging: { TagSet: eleven } })),
      ),
    ).toMatchObject({ code: 'InvalidTag', status: 400 });
    expect(
      await s3Failure(
        s3.send(
          new PutObjectTaggingCommand({
            Bucket: BUCKET,
            Key: 'tagged',
            Tagging: { TagSet: [{ Key: 'k'.repeat(129), Value: 'v' }] },
          }),
        ),
      ),
    ).toMatchObject({ code: 'InvalidTag', status: 400 });
    expect(
      await s3Failure(
        s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'tagged2', Body: 'x', Tagging: 'a=1&a=2' })),
      ),
    ).toMatchObject({ code: 'InvalidTag', status: 400 });
  });

  it('works through minio-js', async () => {
    await minio.putObject(BUCKET, 'tagged-minio', 'x');
    await minio.setObjectTagging(BUCKET, 'tagged-minio', { team: 'storage' });
    const tags = await minio.getObjectTagging(BUCKET, 'tagged-minio');
    expect(tags).toEqual([{ Key: 'team', Value: 'storage' }]);
    await minio.removeObjectTagging(BUCKET, 'tagged-minio', { versionId: '' });
    expect(await minio.getObjectTagging(BUCKET, 'tagged-minio')).toEqual([]);
  });
});

describe('multipart uploads', () => {
  it('uploads, lists parts with paging, completes with the md5-of-md5s ETag and reads parts', async () => {
    const p1 = pattern(5 * MiB, 1);
    const p2 = pattern(1234, 2);
    const created = await s3.send(
      new CreateMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp/two.bin',
        ContentType: 'video/mp4',
        Metadata: { m: '1' },
      }),
    );
    const uploadId = created.UploadId ?? '';
    expect(uploadId).not.toBe('');
    const u1 = await s3.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp/two.bin',
        UploadId: uploadId,
        PartNumber: 1,
        Body: p1,
      }),
    );
    const u2 = await s3.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp/two.bin',
        UploadId: uploadId,
        PartNumber: 2,
        Body: p2,
      }),
    );
    expect(u1.ETag).toBe(`"${md5Hex(p1)}"`);
    expect(u2.ChecksumCRC32).toBeDefined();

    const page1 = await s3.send(
      new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/two.bin', UploadId: uploadId, MaxParts: 1 }),
    );
    expect(page1.IsTruncated).toBe(true);
    expect(page1.Parts?.map((p) => p.PartNumber)).toEqual([1]);
    expect(page1.Parts?.[0]?.Size).toBe(p1.length);
    expect(page1.NextPartNumberMarker).toBe('1');
    expect(page1.Owner?.DisplayName).toBe('minio');
    const page2 = await s3.send(
      new ListPartsCommand({
        Bucket: BUCKET,
        Key: 'mp/two.bin',
        UploadId: uploadId,
        PartNumberMarker: page1.NextPartNumberMarker,
      }),
    );
    expect(page2.IsTruncated).toBe(false);
    expect(page2.Parts?.map((p) => p.PartNumber)).toEqual([2]);

    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp/two.bin',
        UploadId: uploadId,
        // Quotes are optional in the ETags a client sends.
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: u1.ETag },
            { PartNumber: 2, ETag: (u2.ETag ?? '').replaceAll('"', '') },
          ],
        },
      }),
    );
    const expectedEtag = `"${md5Hex(Buffer.concat([Buffer.from(md5Hex(p1), 'hex'), Buffer.from(md5Hex(p2), 'hex')]))}-2"`;
    expect(done.ETag).toBe(expectedEtag);
    expect(done.Location).toContain('/objects/mp/two.bin');

    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/two.bin' }));
    expect(head.ContentLength).toBe(p1.length + p2.length);
    expect(head.ContentType).toBe('video/mp4');
    expect(head.Metadata).toEqual({ m: '1' });
    const part2 = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/two.bin', PartNumber: 2 }));
    expect(part2.$metadata.httpStatusCode).toBe(206);
    expect(part2.PartsCount).toBe(2);
    expect(part2.ContentRange).toBe(
      `bytes ${p1.length}-${p1.length + p2.length - 1}/${p1.length + p2.length}`,
    );
    expect(Buffer.from((await part2.Body?.transformToByteArray()) ?? []).equals(p2)).toBe(true);
    const whole = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/two.bin' }));
    expect(
      Buffer.from((await whole.Body?.transformToByteArray()) ?? []).equals(Buffer.concat([p1, p2])),
    ).toBe(true);
  });

  it('completes an upload whose only part is 0 bytes', async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/zero' }));
    const part = await s3.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/zero', UploadId, PartNumber: 1, Body: '' }),
    );
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp/zero',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(done.ETag).toBe(`"${md5Hex(Buffer.from(md5Hex(''), 'hex'))}-1"`);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/zero' }));
    expect(head.ContentLength).toBe(0);
    expect(await getText(BUCKET, 'mp/zero')).toBe('');
    const p1 = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/zero', PartNumber: 1 }));
    expect(await p1.Body?.transformToString()).toBe('');
  });

  it('refuses out-of-order, unknown and too-small parts; abort removes the upload', async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/bad' }));
    const a = await s3.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/bad', UploadId, PartNumber: 1, Body: 'small' }),
    );
    const b = await s3.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/bad', UploadId, PartNumber: 2, Body: 'tail' }),
    );
    const complete = (Parts: { PartNumber: number; ETag: string | undefined }[]): Promise<unknown> =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: BUCKET,
          Key: 'mp/bad',
          UploadId,
          MultipartUpload: { Parts },
        }),
      );
    expect(
      await s3Failure(
        complete([
          { PartNumber: 2, ETag: b.ETag },
          { PartNumber: 1, ETag: a.ETag },
        ]),
      ),
    ).toMatchObject({ code: 'InvalidPartOrder', status: 400 });
    expect(
      await s3Failure(complete([{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }])),
    ).toMatchObject({
      code: 'InvalidPart',
      status: 400,
    });
    expect(await s3Failure(complete([{ PartNumber: 3, ETag: a.ETag }]))).toMatchObject({
      code: 'InvalidPart',
      status: 400,
    });
    expect(
      await s3Failure(
        complete([
          { PartNumber: 1, ETag: a.ETag },
          { PartNumber: 2, ETag: b.ETag },
        ]),
      ),
    ).toMatchObject({ code: 'EntityTooSmall', status: 400 });
    const badNumber = await raw('PUT', `/${BUCKET}/mp/bad?partNumber=10001&uploadId=${UploadId}`, {
      body: 'x',
    });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body).toContain('<Code>InvalidArgument</Code>');
    await s3.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/bad', UploadId }));
    expect(
      await s3Failure(s3.send(new ListPartsCommand({ Bucket: BUCKET, Key: 'mp/bad', UploadId }))),
    ).toMatchObject({
      code: 'NoSuchUpload',
      status: 404,
    });
    expect(
      await s3Failure(
        s3.send(new UploadPartCommand({ Bucket: BUCKET, Key: 'mp/bad', UploadId, PartNumber: 1, Body: 'x' })),
      ),
    ).toMatchObject({ code: 'NoSuchUpload', status: 404 });
  });

  it('builds the composite checksum when an algorithm was chosen at create', async () => {
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/crc', ChecksumAlgorithm: 'SHA256' }),
    );
    const p1 = pattern(5 * MiB, 3);
    const p2 = pattern(100, 4);
    const u1 = await s3.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp/crc',
        UploadId,
        PartNumber: 1,
        Body: p1,
        ChecksumAlgorithm: 'SHA256',
      }),
    );
    const u2 = await s3.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp/crc',
        UploadId,
        PartNumber: 2,
        Body: p2,
        ChecksumAlgorithm: 'SHA256',
      }),
    );
    const sha = (b: Buffer): Buffer => createHash('sha256').update(b).digest();
    expect(u1.ChecksumSHA256).toBe(sha(p1).toString('base64'));
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp/crc',
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: u1.ETag, ChecksumSHA256: u1.ChecksumSHA256 },
            { PartNumber: 2, ETag: u2.ETag, ChecksumSHA256: u2.ChecksumSHA256 },
          ],
        },
      }),
    );
    const composite = `${sha(Buffer.concat([sha(p1), sha(p2)])).toString('base64')}-2`;
    expect(done.ChecksumSHA256).toBe(composite);
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/crc', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumSHA256).toBe(composite);
  });

  it('copies ranges of an object into parts (UploadPartCopy)', async () => {
    const src = pattern(6 * MiB, 5);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'mp/copy-src', Body: src }));
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/copied' }),
    );
    const c1 = await s3.send(
      new UploadPartCopyCommand({
        Bucket: BUCKET,
        Key: 'mp/copied',
        UploadId,
        PartNumber: 1,
        CopySource: `${BUCKET}/mp/copy-src`,
        CopySourceRange: `bytes=0-${5 * MiB - 1}`,
      }),
    );
    const c2 = await s3.send(
      new UploadPartCopyCommand({
        Bucket: BUCKET,
        Key: 'mp/copied',
        UploadId,
        PartNumber: 2,
        CopySource: `${BUCKET}/mp/copy-src`,
        CopySourceRange: `bytes=${5 * MiB}-${6 * MiB - 1}`,
      }),
    );
    expect(c1.CopyPartResult?.ETag).toBe(`"${md5Hex(src.subarray(0, 5 * MiB))}"`);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp/copied',
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: c1.CopyPartResult?.ETag },
            { PartNumber: 2, ETag: c2.CopyPartResult?.ETag },
          ],
        },
      }),
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/copied' }));
    expect(Buffer.from((await got.Body?.transformToByteArray()) ?? []).equals(src)).toBe(true);
    expect(
      await s3Failure(
        s3.send(
          new UploadPartCopyCommand({
            Bucket: BUCKET,
            Key: 'mp/copied2',
            UploadId: 'nope',
            PartNumber: 1,
            CopySource: `${BUCKET}/mp/copy-src`,
          }),
        ),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('minio-js uploads multipart objects (part size 5 MiB) and reads them back', async () => {
    const data = pattern(11 * MiB, 6);
    const info = await minio.putObject(BUCKET, 'mp/minio.bin', Readable.from([data]), data.length, {
      'Content-Type': 'application/x-test',
    });
    // minio-js picks its own part size for a known length; what matters is the multipart ETag form.
    expect(info.etag).toMatch(/^[0-9a-f]{32}-\d+$/);
    const stat = await minio.statObject(BUCKET, 'mp/minio.bin');
    expect(stat.size).toBe(data.length);
    expect(stat.metaData['content-type']).toBe('application/x-test');
    const partial = await minio.getPartialObject(BUCKET, 'mp/minio.bin', 5 * MiB - 2, 4);
    const chunks: Buffer[] = [];
    for await (const c of partial) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data.subarray(5 * MiB - 2, 5 * MiB + 2))).toBe(true);
  });
});

describe('DeleteObjects', () => {
  it('deletes many keys, reports missing ones as deleted, and honours Quiet', async () => {
    for (const k of ['d/1', 'd/2', 'd/3'])
      await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: k, Body: k }));
    const out = await s3.send(
      new DeleteObjectsCommand({
        Bucket: BUCKET,
        Delete: { Objects: [{ Key: 'd/1' }, { Key: 'd/2' }, { Key: 'd/missing' }] },
      }),
    );
    expect(out.Deleted?.map((d) => d.Key).sort()).toEqual(['d/1', 'd/2', 'd/missing']);
    expect(out.Errors ?? []).toEqual([]);
    const quiet = await s3.send(
      new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: [{ Key: 'd/3' }], Quiet: true } }),
    );
    expect(quiet.Deleted ?? []).toEqual([]);
    expect(await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'd/3' })))).toMatchObject({
      status: 404,
    });
  });

  it('requires Content-MD5 or a checksum header, and verifies it', async () => {
    const xml = '<Delete><Object><Key>d/x</Key></Object></Delete>';
    const missing = await raw('POST', `/${BUCKET}?delete`, { body: xml });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('<Code>MissingContentMD5</Code>');
    const wrong = await raw('POST', `/${BUCKET}?delete`, {
      body: xml,
      headers: { 'content-md5': createHash('md5').update('other').digest('base64') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('<Code>BadDigest</Code>');
    const ok = await raw('POST', `/${BUCKET}?delete`, {
      body: xml,
      headers: { 'content-md5': createHash('md5').update(xml).digest('base64') },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('<DeleteResult');
    expect(ok.body).toContain('<Deleted><Key>d/x</Key></Deleted>');
  });

  it('works through minio-js removeObjects', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `many/${i}`);
    for (const k of keys) await minio.putObject(BUCKET, k, 'x');
    await minio.removeObjects(BUCKET, keys);
    for (const k of keys.slice(0, 3)) {
      expect(await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: k })))).toMatchObject({
        status: 404,
      });
    }
  });
});

describe('versioned bucket', () => {
  it('returns version ids, reads old versions, and creates delete markers', async () => {
    const v1 = await s3.send(new PutObjectCommand({ Bucket: VERSIONED, Key: 'doc', Body: 'one' }));
    const v2 = await s3.send(new PutObjectCommand({ Bucket: VERSIONED, Key: 'doc', Body: 'two' }));
    expect(v1.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v2.VersionId).not.toBe(v1.VersionId);
    expect(await getText(VERSIONED, 'doc')).toBe('two');
    const old = await s3.send(
      new GetObjectCommand({ Bucket: VERSIONED, Key: 'doc', VersionId: v1.VersionId }),
    );
    expect(old.VersionId).toBe(v1.VersionId);
    expect(await old.Body?.transformToString()).toBe('one');

    const del = await s3.send(new DeleteObjectCommand({ Bucket: VERSIONED, Key: 'doc' }));
    expect(del.DeleteMarker).toBe(true);
    expect(del.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    const head = await raw('HEAD', `/${VERSIONED}/doc`);
    expect(head.status).toBe(404);
    expect(head.headers['x-amz-delete-marker']).toBe('true');

    const removed = await s3.send(
      new DeleteObjectCommand({ Bucket: VERSIONED, Key: 'doc', VersionId: del.VersionId }),
    );
    expect(removed.DeleteMarker).toBe(true);
    expect(removed.VersionId).toBe(del.VersionId);
    expect(await getText(VERSIONED, 'doc')).toBe('two');

    const tagged = await s3.send(
      new PutObjectTaggingCommand({
        Bucket: VERSIONED,
        Key: 'doc',
        VersionId: v1.VersionId,
        Tagging: { TagSet: [{ Key: 'old', Value: 'yes' }] },
      }),
    );
    expect(tagged.VersionId).toBe(v1.VersionId);
    const tags = await s3.send(
      new GetObjectTaggingCommand({ Bucket: VERSIONED, Key: 'doc', VersionId: v1.VersionId }),
    );
    expect(tags.TagSet).toEqual([{ Key: 'old', Value: 'yes' }]);
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: VERSIONED, Key: 'doc' }))).TagSet).toEqual(
      [],
    );

    const multi = await s3.send(
      new DeleteObjectsCommand({
        Bucket: VERSIONED,
        Delete: { Objects: [{ Key: 'doc' }, { Key: 'doc', VersionId: v1.VersionId }] },
      }),
    );
    const marker = multi.Deleted?.find((d) => d.VersionId === undefined);
    expect(marker?.DeleteMarker).toBe(true);
    expect(marker?.DeleteMarkerVersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(multi.Deleted?.find((d) => d.VersionId === v1.VersionId)).toBeDefined();

    const copy = await s3.send(
      new CopyObjectCommand({
        Bucket: VERSIONED,
        Key: 'doc-copy',
        CopySource: `${VERSIONED}/doc?versionId=${v2.VersionId}`,
      }),
    );
    expect(copy.CopySourceVersionId).toBe(v2.VersionId);
    expect(copy.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getText(VERSIONED, 'doc-copy')).toBe('two');
  });
});

describe('presigned URLs (minio-js) and browser POST uploads', () => {
  it('PUTs and GETs through presigned URLs, with response overrides', async () => {
    const putUrl = await minio.presignedPutObject(BUCKET, 'presigned/file name+1.txt', 600);
    const put = await fetch(putUrl, { method: 'PUT', body: 'via presigned put' });
    expect(put.status).toBe(200);
    const getUrl = await minio.presignedGetObject(BUCKET, 'presigned/file name+1.txt', 600, {
      'response-content-disposition': 'attachment; filename="download.txt"',
    });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="download.txt"');
    expect(await got.text()).toBe('via presigned put');
  });

  it('uploads a file with a POST policy form (204 default, 201 with PostResponse)', async () => {
    const policy = minio.newPostPolicy();
    policy.setBucket(BUCKET);
    policy.setKey('post/upload.txt');
    policy.setExpires(new Date(Date.now() + 10 * 60_000));
    policy.setContentType('text/plain');
    policy.setContentLengthRange(1, 1024);
    policy.setUserMetaData({ source: 'form' });
    const { postURL, formData } = await minio.presignedPostPolicy(policy);
    const form = new FormData();
    for (const [k, v] of Object.entries(formData)) form.append(k, v);
    form.append('file', new Blob(['posted content'], { type: 'text/plain' }), 'upload.txt');
    const res = await fetch(postURL, { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(res.headers.get('etag')).toBe(`"${md5Hex('posted content')}"`);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'post/upload.txt' }));
    expect(head.ContentType).toBe('text/plain');
    expect(head.Metadata).toEqual({ source: 'form' });
    expect(await getText(BUCKET, 'post/upload.txt')).toBe('posted content');

    const p201 = minio.newPostPolicy();
    p201.setBucket(BUCKET);
    p201.setKeyStartsWith('post/');
    p201.setExpires(new Date(Date.now() + 10 * 60_000));
    p201.policy.conditions.push(['eq', '$success_action_status', '201']);
    const signed = await minio.presignedPostPolicy(p201);
    const form2 = new FormData();
    for (const [k, v] of Object.entries(signed.formData)) form2.append(k, v);
    form2.set('key', 'post/${filename}');
    form2.append('success_action_status', '201');
    form2.append('file', new Blob(['second']), 'named.bin');
    const res2 = await fetch(signed.postURL, { method: 'POST', body: form2 });
    const text = await res2.text();
    expect(res2.status, text).toBe(201);
    expect(text).toContain('<PostResponse>');
    expect(text).toContain('<Key>post/named.bin</Key>');
    expect(text).toContain(`<ETag>&quot;${md5Hex('second')}&quot;</ETag>`);
    expect(await getText(BUCKET, 'post/named.bin')).toBe('second');
  });

  it('refuses forms that break the policy or carry a bad signature', async () => {
    const policy = minio.newPostPolicy();
    policy.setBucket(BUCKET);
    policy.setKey('post/limited.txt');
    policy.setExpires(new Date(Date.now() + 10 * 60_000));
    policy.setContentLengthRange(1, 10);
    const { postURL, formData } = await minio.presignedPostPolicy(policy);
    const send = async (fields: Record<string, string>, content: string): Promise<Response> => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([content]), 'f.txt');
      return fetch(postURL, { method: 'POST', body: form });
    };
    const tooBig = await send(formData, 'this is longer than ten bytes');
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('<Code>EntityTooLarge</Code>');
    const wrongKey = await send({ ...formData, key: 'post/other.txt' }, 'ok');
    expect(wrongKey.status).toBe(403);
    expect(await wrongKey.text()).toContain('<Code>AccessDenied</Code>');
    const badSig = await send({ ...formData, 'x-amz-signature': '0'.repeat(64) }, 'ok');
    expect(badSig.status).toBe(403);
    expect(await badSig.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const extra = await send({ ...formData, 'x-amz-meta-sneaky': '1' }, 'ok');
    expect(extra.status).toBe(403);
    expect(
      await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'post/limited.txt' }))),
    ).toMatchObject({
      status: 404,
    });
    const ok = await send(formData, 'fits');
    expect(ok.status).toBe(204);
  });

  it('answers malformed and cut-off forms with 400 and keeps serving', async () => {
    const part = (name: string, filename?: string): string =>
      `--XX\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n\r\n`;
    const bodies = [
      'not a form at all',
      `${part('key')}k\r\n`, // ends inside the form
      `${part('file', 'a.txt')}abc`, // ends inside the file part, before any policy
      `${part('other', 'b.txt')}abc`, // ends inside a part the engine skips
    ];
    for (const body of bodies) {
      const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          `http://127.0.0.1:${port}/${BUCKET}`,
          { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=XX' } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.text).toMatch(/<Code>(MalformedPOSTRequest|InvalidArgument)<\/Code>/);
    }
    // The engine is still up and serving.
    expect((await raw('GET', `/${BUCKET}?location`)).status).toBe(200);
  });
});

describe('keys with special characters', () => {
  const keys = [
    "it's a key",
    'plus+sign+key',
    'spaces in  key ',
    'unicode/日本語/ключ/😀.txt',
    'percent%20not%2Fdecoded%',
    'symbols/!$&()*,;=:@[]~`^{}|"<>#',
    'k'.repeat(1024),
    `${'é'.repeat(400)}/${'x'.repeat(223)}`,
  ];

  // Copies of the long keys get short names (a suffix would push them past 1024 bytes).
  const copyKey = (key: string, i: number): string =>
    Buffer.byteLength(key) > 1000 ? `long-copy-${i}` : `${key}-c`;

  it('round-trips every key through put/head/get/copy/tagging/delete (AWS SDK)', async () => {
    for (const [i, key] of keys.entries()) {
      await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `body of ${key.length}` }));
      const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentLength, key).toBe(`body of ${key.length}`.length);
      expect(await getText(BUCKET, key)).toBe(`body of ${key.length}`);
      await s3.send(
        new CopyObjectCommand({
          Bucket: BUCKET,
          Key: copyKey(key, i),
          CopySource: encodeURIComponent(`${BUCKET}/${key}`),
        }),
      );
      expect(await getText(BUCKET, copyKey(key, i))).toBe(`body of ${key.length}`);
      await s3.send(
        new PutObjectTaggingCommand({
          Bucket: BUCKET,
          Key: key,
          Tagging: { TagSet: [{ Key: 't', Value: 'v' }] },
        }),
      );
      expect((await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: key }))).TagSet).toEqual([
        { Key: 't', Value: 'v' },
      ]);
      await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })))).toMatchObject({
        status: 404,
      });
    }
    const del = await s3.send(
      new DeleteObjectsCommand({
        Bucket: BUCKET,
        Delete: { Objects: keys.map((k, i) => ({ Key: copyKey(k, i) })) },
      }),
    );
    expect(del.Deleted?.length).toBe(keys.length);
    expect(del.Deleted?.map((d) => d.Key).sort()).toEqual(keys.map((k, i) => copyKey(k, i)).sort());
    for (const [i, key] of keys.entries()) {
      expect(
        await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: copyKey(key, i) }))),
      ).toMatchObject({
        status: 404,
      });
    }
  });

  it('round-trips them through minio-js, and refuses keys over 1024 bytes', async () => {
    for (const key of keys) {
      await minio.putObject(BUCKET, key, Buffer.from('m'));
      const stat = await minio.statObject(BUCKET, key);
      expect(stat.size, key).toBe(1);
      const stream = await minio.getObject(BUCKET, key);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('m');
      await minio.removeObject(BUCKET, key);
    }
    const tooLong = await s3Failure(
      s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'k'.repeat(1025), Body: 'x' })),
    );
    expect(tooLong.status).toBe(400);
  });
});

describe('streaming', () => {
  it('keeps serving after a client drops a download midway', async () => {
    const data = pattern(8 * MiB, 9);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'stream/large.bin', Body: data }));
    const controller = new AbortController();
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'stream/large.bin' }), {
      abortSignal: controller.signal,
    });
    const body = got.Body as Readable;
    await new Promise<void>((resolve) => body.once('data', () => resolve()));
    controller.abort();
    body.destroy();
    const again = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'stream/large.bin' }));
    expect(Buffer.from((await again.Body?.transformToByteArray()) ?? []).equals(data)).toBe(true);
  });
});
