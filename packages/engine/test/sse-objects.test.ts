/**
 * Encryption at rest through the real HTTP stack (issue 8 §2): SSE-S3, SSE-KMS and SSE-C with the
 * AWS SDK v3 (and hand-signed requests for what the SDK will not send), round trips with ranges
 * over package boundaries, multipart uploads with parts of different sizes, copies that re-encrypt,
 * refusals with MinIO's codes, the bucket's default encryption, and the raw files under the data
 * dir, which must never hold a recognisable plaintext.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutBucketEncryptionCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
  type GetObjectCommandInput,
} from '@aws-sdk/client-s3';
import { Client } from 'minio';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { signedRequest, type SignedReply } from './helpers/signed-request.js';
import { s3Failure } from './helpers/s3-failure.js';
import { unconfiguredKms } from '../src/kms/index.js';

const ACCESS_KEY = 'COFFERTESTROOTKEYSSE1';
const SECRET_KEY = 'coffer-test-root-secret-key-sse-0123456';
const BUCKET = 'sse';
const DEFAULTED = 'sse-default';
const KMS_DEFAULTED = 'sse-default-kms';
const KiB = 1024;
const MiB = 1024 * KiB;
/** The package size of the stream format new objects are written in (format 2, decision 0023). */
const PACKAGE = MiB;

let engine: HttpEngine | undefined;
let port: number;
let s3: S3Client;
let minio: Client;

/** A payload that is easy to find in raw files: a marker repeated, with a counter so no run is uniform. */
function marked(marker: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let at = 0;
  for (let i = 0; at < size; i++) at += out.write(`${marker}:${String(i).padStart(8, '0')};`, at);
  return out;
}

function md5Hex(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

const customerKey = randomBytes(32);
const otherKey = randomBytes(32);
function ssec(key: Buffer): { SSECustomerAlgorithm: string; SSECustomerKey: string } {
  return { SSECustomerAlgorithm: 'AES256', SSECustomerKey: key.toString('base64') };
}
function ssecHeaders(key: Buffer, prefix = 'x-amz-server-side-encryption-customer-'): Record<string, string> {
  return {
    [`${prefix}algorithm`]: 'AES256',
    [`${prefix}key`]: key.toString('base64'),
    [`${prefix}key-md5`]: createHash('md5').update(key).digest('base64'),
  };
}

async function getBytes(
  input: GetObjectCommandInput,
): Promise<{ body: Buffer; headers: Record<string, unknown> }> {
  const out = await s3.send(new GetObjectCommand(input));
  const body = Buffer.from((await out.Body?.transformToByteArray()) ?? new Uint8Array());
  return { body, headers: out as unknown as Record<string, unknown> };
}

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

/** Every file under `dir` whose bytes contain `needle`. */
async function filesContaining(dir: string, needle: Buffer): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file)).includes(needle)) found.push(file);
  }
  return found;
}

/** Ranges that start and end on, just before and just after package boundaries. */
function boundaryRanges(size: number): [number, number][] {
  const ranges: [number, number][] = [
    [0, 0],
    [0, size - 1],
    [size - 1, size - 1],
  ];
  for (let b = PACKAGE; b < size; b += PACKAGE) {
    ranges.push(
      [b - 1, b - 1],
      [b, b],
      [b - 1, b],
      [b - 17, b + 17],
      [b, Math.min(size - 1, b + PACKAGE - 1)],
    );
  }
  ranges.push([1, size - 2], [PACKAGE + 5, size - 1]);
  return ranges.filter(([s, e]) => s >= 0 && e < size && s <= e);
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'sse-objects', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  ({ port } = engine);
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
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  await s3.send(new CreateBucketCommand({ Bucket: DEFAULTED }));
  await engine.context.kms.createKey('sse-test-key', ACCESS_KEY);
  await s3.send(
    new PutBucketEncryptionCommand({
      Bucket: DEFAULTED,
      ServerSideEncryptionConfiguration: {
        Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    }),
  );
  await s3.send(new CreateBucketCommand({ Bucket: KMS_DEFAULTED }));
  await s3.send(
    new PutBucketEncryptionCommand({
      Bucket: KMS_DEFAULTED,
      ServerSideEncryptionConfiguration: {
        Rules: [
          { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'sse-test-key' } },
        ],
      },
    }),
  );
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

describe('SSE-S3 (x-amz-server-side-encryption: AES256)', () => {
  const body = marked('sse-s3-single', 3 * PACKAGE + 1234);

  it('round-trips, answers the MinIO headers and an ETag that is the MD5 of the plaintext', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 's3/one', Body: body, ServerSideEncryption: 'AES256' }),
    );
    expect(put.ServerSideEncryption).toBe('AES256');
    expect(put.ETag).toBe(`"${md5Hex(body)}"`);
    const got = await getBytes({ Bucket: BUCKET, Key: 's3/one' });
    expect(got.body.equals(body)).toBe(true);
    expect(got.headers.ServerSideEncryption).toBe('AES256');
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 's3/one' }));
    expect(head.ContentLength).toBe(body.length);
    expect(head.ETag).toBe(`"${md5Hex(body)}"`);
    expect(head.ServerSideEncryption).toBe('AES256');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 's3/one' }));
    expect(listed.Contents?.[0]?.Size).toBe(body.length);
    expect(listed.Contents?.[0]?.ETag).toBe(`"${md5Hex(body)}"`);
  });

  it('answers every range around the package boundaries with the plaintext bytes', async () => {
    for (const [start, end] of boundaryRanges(body.length)) {
      const got = await getBytes({ Bucket: BUCKET, Key: 's3/one', Range: `bytes=${start}-${end}` });
      expect(got.body.equals(body.subarray(start, end + 1)), `bytes=${start}-${end}`).toBe(true);
      expect(got.headers.ContentRange).toBe(`bytes ${start}-${end}/${body.length}`);
    }
    const suffix = await getBytes({ Bucket: BUCKET, Key: 's3/one', Range: 'bytes=-100' });
    expect(suffix.body.equals(body.subarray(body.length - 100))).toBe(true);
  });

  it('round-trips empty and small (in-index) objects', async () => {
    for (const data of [Buffer.alloc(0), Buffer.from('tiny secret'), marked('sse-s3-small', 5000)]) {
      const key = `s3/small-${data.length}`;
      await s3.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: data, ServerSideEncryption: 'AES256' }),
      );
      const got = await getBytes({ Bucket: BUCKET, Key: key });
      expect(got.body.equals(data)).toBe(true);
      const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentLength).toBe(data.length);
    }
    const part = await getBytes({ Bucket: BUCKET, Key: 's3/small-5000', Range: 'bytes=100-199' });
    expect(part.body.toString()).toBe(marked('sse-s3-small', 5000).subarray(100, 200).toString());
  });

  it('checks Content-MD5 and x-amz-checksum-* against the plaintext, and answers the checksum', async () => {
    const data = marked('sse-s3-md5', PACKAGE + 3);
    const md5 = createHash('md5').update(data).digest('base64');
    const sha = createHash('sha256').update(data).digest('base64');
    const ok = await raw('PUT', `/${BUCKET}/s3/md5`, {
      headers: { 'x-amz-server-side-encryption': 'AES256', 'content-md5': md5, 'x-amz-checksum-sha256': sha },
      body: data,
    });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.headers.etag).toBe(`"${md5Hex(data)}"`);
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 's3/md5', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumSHA256).toBe(sha);
    const bad = await raw('PUT', `/${BUCKET}/s3/md5-bad`, {
      headers: {
        'x-amz-server-side-encryption': 'AES256',
        'content-md5': createHash('md5').update('x').digest('base64'),
      },
      body: data,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('<Code>BadDigest</Code>');
    expect(
      (await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 's3/md5-bad' })))).status,
    ).toBe(404);
  });

  it('refuses an algorithm it does not know instead of storing the object in the clear', async () => {
    const reply = await raw('PUT', `/${BUCKET}/s3/unknown`, {
      headers: { 'x-amz-server-side-encryption': 'AES512' },
      body: 'never stored',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('<Code>InvalidRequest</Code>');
    const missing = await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 's3/unknown' })));
    expect(missing.status).toBe(404);
    // A read names no SSE-S3 / SSE-KMS encryption (MinIO: 400 BadRequest).
    const onRead = await raw('GET', `/${BUCKET}/s3/one`, {
      headers: { 'x-amz-server-side-encryption': 'AES256' },
    });
    expect(onRead.status).toBe(400);
    expect(onRead.body).toContain('<Code>BadRequest</Code>');
  });
});

describe('SSE-KMS (aws:kms with a key id and a context)', () => {
  const body = marked('sse-kms-single', 2 * PACKAGE + 10);

  it('round-trips with the named key and echoes it as MinIO does (arn:aws:kms: prefix)', async () => {
    const context = Buffer.from(JSON.stringify({ project: 'coffer' })).toString('base64');
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'kms/one',
        Body: body,
        ServerSideEncryption: 'aws:kms',
        SSEKMSKeyId: 'sse-test-key',
        SSEKMSEncryptionContext: context,
      }),
    );
    expect(put.ServerSideEncryption).toBe('aws:kms');
    expect(put.SSEKMSKeyId).toBe('arn:aws:kms:sse-test-key');
    expect(put.SSEKMSEncryptionContext).toBe(context);
    // As with MinIO and S3, an SSE-KMS ETag is not the MD5 of the content.
    expect(put.ETag).not.toBe(`"${md5Hex(body)}"`);
    const got = await getBytes({
      Bucket: BUCKET,
      Key: 'kms/one',
      Range: `bytes=${PACKAGE - 3}-${PACKAGE + 3}`,
    });
    expect(got.body.equals(body.subarray(PACKAGE - 3, PACKAGE + 4))).toBe(true);
    expect(got.headers.SSEKMSKeyId).toBe('arn:aws:kms:sse-test-key');
    const whole = await getBytes({ Bucket: BUCKET, Key: 'kms/one' });
    expect(whole.body.equals(body)).toBe(true);
    expect(whole.headers.ETag).toBe(put.ETag);
  });

  it('uses the default key when none is named', async () => {
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'kms/default',
        Body: body,
        ServerSideEncryption: 'aws:kms',
      }),
    );
    expect(put.SSEKMSKeyId).toBe(`arn:aws:kms:${engine?.context.kms.defaultKeyId ?? ''}`);
    expect((await getBytes({ Bucket: BUCKET, Key: 'kms/default' })).body.equals(body)).toBe(true);
  });

  it('refuses an unknown key (KMS.NotFoundException) and a context that is not base64 JSON', async () => {
    const unknown = await s3Failure(
      s3.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: 'kms/refused',
          Body: 'x',
          ServerSideEncryption: 'aws:kms',
          SSEKMSKeyId: 'no-such-key',
        }),
      ),
    );
    expect(unknown).toMatchObject({ code: 'KMS.NotFoundException', status: 400 });
    const badContext = await raw('PUT', `/${BUCKET}/kms/refused`, {
      headers: {
        'x-amz-server-side-encryption': 'aws:kms',
        'x-amz-server-side-encryption-context': 'not json',
      },
      body: 'x',
    });
    expect(badContext.status).toBe(400);
    expect(badContext.body).toContain('<Code>InvalidArgument</Code>');
  });
});

describe('SSE-C (customer keys)', () => {
  const body = marked('sse-c-single', PACKAGE * 2 + 77);

  it('round-trips with the key, echoing algorithm and key MD5, and reads ranges', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'c/one', Body: body, ...ssec(customerKey) }),
    );
    expect(put.SSECustomerAlgorithm).toBe('AES256');
    expect(put.SSECustomerKeyMD5).toBe(createHash('md5').update(customerKey).digest('base64'));
    expect(put.ETag).not.toBe(`"${md5Hex(body)}"`);
    expect((await getBytes({ Bucket: BUCKET, Key: 'c/one', ...ssec(customerKey) })).body.equals(body)).toBe(
      true,
    );
    const range = await getBytes({
      Bucket: BUCKET,
      Key: 'c/one',
      Range: 'bytes=65530-65545',
      ...ssec(customerKey),
    });
    expect(range.body.equals(body.subarray(65530, 65546))).toBe(true);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'c/one', ...ssec(customerKey) }));
    expect(head.ContentLength).toBe(body.length);
    expect(head.SSECustomerAlgorithm).toBe('AES256');
  });

  it('refuses a read without the key (400) and with a wrong key (403), GET and HEAD', async () => {
    expect(await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'c/one' })))).toMatchObject({
      code: 'InvalidRequest',
      status: 400,
    });
    expect(
      await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'c/one', ...ssec(otherKey) }))),
    ).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(
      await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'c/one', Range: 'bytes=0-9' }))),
    ).toMatchObject({ status: 400 });
    expect((await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'c/one' })))).status).toBe(
      400,
    );
    expect(
      (await s3Failure(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'c/one', ...ssec(otherKey) }))))
        .status,
    ).toBe(403);
    // A customer key for an object that is not SSE-C is refused too.
    expect(
      await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 's3/one', ...ssec(customerKey) }))),
    ).toMatchObject({ code: 'InvalidRequest', status: 400 });
  });

  it('refuses a key whose MD5 does not match and SSE-C mixed with SSE-S3', async () => {
    const headers = {
      ...ssecHeaders(customerKey),
      'x-amz-server-side-encryption-customer-key-md5': 'AAAAAAAAAAAAAAAAAAAAAA==',
    };
    const bad = await raw('PUT', `/${BUCKET}/c/refused`, { headers, body: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('<Code>InvalidArgument</Code>');
    const mixed = await raw('PUT', `/${BUCKET}/c/refused`, {
      headers: { ...ssecHeaders(customerKey), 'x-amz-server-side-encryption': 'AES256' },
      body: 'x',
    });
    expect(mixed.status).toBe(400);
  });
});

describe('multipart uploads', () => {
  const parts = [
    marked('mp-part-one', 5 * MiB + 3),
    marked('mp-part-two', 5 * MiB + PACKAGE),
    marked('mp-part-three', 1000),
  ];
  const whole = Buffer.concat(parts);

  async function upload(key: string, sse: Record<string, string>): Promise<string | undefined> {
    const created = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key, ...sse }));
    const etags: string[] = [];
    for (const [i, part] of parts.entries()) {
      const out = await s3.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: key,
          UploadId: created.UploadId,
          PartNumber: i + 1,
          Body: part,
          ...(sse.SSECustomerKey !== undefined ? sse : {}),
        }),
      );
      etags.push(out.ETag ?? '');
    }
    // Parts are listed with their plaintext sizes.
    const listed = await s3.send(
      new ListPartsCommand({ Bucket: BUCKET, Key: key, UploadId: created.UploadId }),
    );
    expect(listed.Parts?.map((p) => p.Size)).toEqual(parts.map((p) => p.length));
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: key,
        UploadId: created.UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    return done.ETag;
  }

  it('SSE-KMS: parts of different sizes, whole, ranges across parts and partNumber reads', async () => {
    await upload('mp/kms', { ServerSideEncryption: 'aws:kms', SSEKMSKeyId: 'sse-test-key' });
    const got = await getBytes({ Bucket: BUCKET, Key: 'mp/kms' });
    expect(got.body.equals(whole)).toBe(true);
    expect(got.headers.ServerSideEncryption).toBe('aws:kms');
    const p1 = parts[0]?.length ?? 0;
    for (const [start, end] of [
      [p1 - 10, p1 + 10],
      [p1 - PACKAGE, p1 + PACKAGE * 2],
      [0, whole.length - 1],
      [whole.length - 1500, whole.length - 1],
    ] as [number, number][]) {
      const r = await getBytes({ Bucket: BUCKET, Key: 'mp/kms', Range: `bytes=${start}-${end}` });
      expect(r.body.equals(whole.subarray(start, end + 1)), `bytes=${start}-${end}`).toBe(true);
    }
    const second = await getBytes({ Bucket: BUCKET, Key: 'mp/kms', PartNumber: 2 });
    expect(second.body.equals(parts[1] ?? Buffer.alloc(0))).toBe(true);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'mp/kms' }));
    expect(head.ContentLength).toBe(whole.length);
  });

  it('SSE-C: every part needs the key; the object reads back only with it', async () => {
    await upload('mp/c', ssec(customerKey));
    expect((await getBytes({ Bucket: BUCKET, Key: 'mp/c', ...ssec(customerKey) })).body.equals(whole)).toBe(
      true,
    );
    expect((await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'mp/c' })))).status).toBe(
      400,
    );
    const created = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp/c2', ...ssec(customerKey) }),
    );
    const noKey = await s3Failure(
      s3.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'mp/c2',
          UploadId: created.UploadId,
          PartNumber: 1,
          Body: 'x',
        }),
      ),
    );
    expect(noKey.status).toBe(400);
    const wrongKey = await s3Failure(
      s3.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'mp/c2',
          UploadId: created.UploadId,
          PartNumber: 1,
          Body: 'x',
          ...ssec(otherKey),
        }),
      ),
    );
    expect(wrongKey.status).toBe(403);
  });
});

describe('copies re-encrypt', () => {
  it('SSE-C source to an SSE-S3 target, and a copy in place that changes the encryption', async () => {
    const body = marked('copy-source', PACKAGE + 999);
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'copy/src', Body: body, ...ssec(customerKey) }),
    );
    const copied = await s3.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy/dst',
        CopySource: `${BUCKET}/copy/src`,
        CopySourceSSECustomerAlgorithm: 'AES256',
        CopySourceSSECustomerKey: customerKey.toString('base64'),
        ServerSideEncryption: 'AES256',
      }),
    );
    expect(copied.ServerSideEncryption).toBe('AES256');
    expect(copied.CopyObjectResult?.ETag).toBe(`"${md5Hex(body)}"`);
    expect((await getBytes({ Bucket: BUCKET, Key: 'copy/dst' })).body.equals(body)).toBe(true);
    // Without the source's key the copy is refused.
    const refused = await s3Failure(
      s3.send(new CopyObjectCommand({ Bucket: BUCKET, Key: 'copy/dst2', CopySource: `${BUCKET}/copy/src` })),
    );
    expect(refused.status).toBe(400);

    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'copy/plain', Body: body }));
    const inPlace = await s3.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy/plain',
        CopySource: `${BUCKET}/copy/plain`,
        ...ssec(otherKey),
      }),
    );
    expect(inPlace.SSECustomerAlgorithm).toBe('AES256');
    expect((await getBytes({ Bucket: BUCKET, Key: 'copy/plain', ...ssec(otherKey) })).body.equals(body)).toBe(
      true,
    );
    expect(
      (await s3Failure(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'copy/plain' })))).status,
    ).toBe(400);
  });

  it('UploadPartCopy reads an SSE-C source range into an SSE-KMS upload', async () => {
    const created = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'copy/mp', ServerSideEncryption: 'aws:kms' }),
    );
    const part = await s3.send(
      new UploadPartCopyCommand({
        Bucket: BUCKET,
        Key: 'copy/mp',
        UploadId: created.UploadId,
        PartNumber: 1,
        CopySource: `${BUCKET}/copy/src`,
        CopySourceRange: 'bytes=10-66009',
        CopySourceSSECustomerAlgorithm: 'AES256',
        CopySourceSSECustomerKey: customerKey.toString('base64'),
      }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'copy/mp',
        UploadId: created.UploadId,
        MultipartUpload: { Parts: [{ ETag: part.CopyPartResult?.ETag ?? '', PartNumber: 1 }] },
      }),
    );
    const got = await getBytes({ Bucket: BUCKET, Key: 'copy/mp' });
    expect(got.body.equals(marked('copy-source', PACKAGE + 999).subarray(10, 66010))).toBe(true);
    expect(got.headers.ServerSideEncryption).toBe('aws:kms');
  });
});

describe('bucket default encryption', () => {
  it('uses the default SSE-KMS key of the bucket; explicit headers win over the default', async () => {
    const put = await s3.send(new PutObjectCommand({ Bucket: KMS_DEFAULTED, Key: 'k', Body: 'by default' }));
    expect(put.ServerSideEncryption).toBe('aws:kms');
    expect(put.SSEKMSKeyId).toBe('arn:aws:kms:sse-test-key');
    const c = await s3.send(
      new PutObjectCommand({ Bucket: KMS_DEFAULTED, Key: 'c', Body: 'customer', ...ssec(customerKey) }),
    );
    expect(c.ServerSideEncryption).toBeUndefined();
    expect(c.SSECustomerAlgorithm).toBe('AES256');
    const out = await getBytes({ Bucket: KMS_DEFAULTED, Key: 'k' });
    expect(out.body.toString()).toBe('by default');
  });

  it('encrypts a PUT, a multipart upload and a copy that ask for nothing', async () => {
    const body = marked('default-enc', PACKAGE * 3);
    const put = await s3.send(new PutObjectCommand({ Bucket: DEFAULTED, Key: 'put', Body: body }));
    expect(put.ServerSideEncryption).toBe('AES256');
    const created = await s3.send(new CreateMultipartUploadCommand({ Bucket: DEFAULTED, Key: 'mp' }));
    expect(created.ServerSideEncryption).toBe('AES256');
    const part = await s3.send(
      new UploadPartCommand({
        Bucket: DEFAULTED,
        Key: 'mp',
        UploadId: created.UploadId,
        PartNumber: 1,
        Body: body,
      }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: DEFAULTED,
        Key: 'mp',
        UploadId: created.UploadId,
        MultipartUpload: { Parts: [{ ETag: part.ETag ?? '', PartNumber: 1 }] },
      }),
    );
    const copy = await s3.send(
      new CopyObjectCommand({ Bucket: DEFAULTED, Key: 'copy', CopySource: `${BUCKET}/copy/dst` }),
    );
    expect(copy.ServerSideEncryption).toBe('AES256');
    const head = await s3.send(new HeadObjectCommand({ Bucket: DEFAULTED, Key: 'copy' }));
    expect(head.ServerSideEncryption).toBe('AES256');
    for (const key of ['put', 'mp']) {
      const got = await getBytes({ Bucket: DEFAULTED, Key: key });
      expect(got.body.equals(body)).toBe(true);
      expect(got.headers.ServerSideEncryption).toBe('AES256');
    }
  });
});

describe('versions and minio-js', () => {
  it('reads each version of a versioned key with its own encryption', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'sse-versioned' }));
    await s3.send(
      new PutBucketVersioningCommand({
        Bucket: 'sse-versioned',
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    );
    const first = marked('version-one', PACKAGE + 1);
    const second = marked('version-two', 2 * PACKAGE + 2);
    const v1 = await s3.send(
      new PutObjectCommand({ Bucket: 'sse-versioned', Key: 'v', Body: first, ...ssec(customerKey) }),
    );
    const v2 = await s3.send(
      new PutObjectCommand({
        Bucket: 'sse-versioned',
        Key: 'v',
        Body: second,
        ServerSideEncryption: 'aws:kms',
      }),
    );
    const old = await getBytes({
      Bucket: 'sse-versioned',
      Key: 'v',
      VersionId: v1.VersionId,
      ...ssec(customerKey),
    });
    expect(old.body.equals(first)).toBe(true);
    const oldRange = await getBytes({
      Bucket: 'sse-versioned',
      Key: 'v',
      VersionId: v1.VersionId,
      Range: `bytes=${PACKAGE}-${PACKAGE}`,
      ...ssec(customerKey),
    });
    expect(oldRange.body.equals(first.subarray(PACKAGE, PACKAGE + 1))).toBe(true);
    const latest = await getBytes({ Bucket: 'sse-versioned', Key: 'v' });
    expect(latest.body.equals(second)).toBe(true);
    expect(latest.headers.VersionId).toBe(v2.VersionId);
    expect(
      (
        await s3Failure(
          s3.send(new GetObjectCommand({ Bucket: 'sse-versioned', Key: 'v', VersionId: v1.VersionId })),
        )
      ).status,
    ).toBe(400);
  });

  it('minio-js: putObject with the SSE header and statObject / getObject', async () => {
    const body = marked('minio-js-sse', PACKAGE * 2);
    await minio.putObject(BUCKET, 'minio/sse', body, body.length, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    });
    const stat = await minio.statObject(BUCKET, 'minio/sse');
    expect(stat.size).toBe(body.length);
    expect(stat.etag).toBe(md5Hex(body));
    const chunks: Buffer[] = [];
    for await (const c of await minio.getPartialObject(BUCKET, 'minio/sse', PACKAGE - 10, 20))
      chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(body.subarray(PACKAGE - 10, PACKAGE + 10))).toBe(true);
  });
});

describe('browser POST uploads', () => {
  /** POST a form signed by minio-js's POST policy, with `extra` fields (each also a policy condition). */
  async function post(
    bucket: string,
    key: string,
    content: Buffer,
    extra: Record<string, string>,
  ): Promise<Response> {
    const policy = minio.newPostPolicy();
    policy.setBucket(bucket);
    policy.setKey(key);
    policy.setExpires(new Date(Date.now() + 10 * 60_000));
    for (const [name, value] of Object.entries(extra))
      policy.policy.conditions.push(['eq', `$${name}`, value]);
    const { postURL, formData } = await minio.presignedPostPolicy(policy);
    const form = new FormData();
    for (const [k, v] of Object.entries(formData)) form.append(k, v);
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    form.append('file', new Blob([content]), 'upload.bin');
    return fetch(postURL, { method: 'POST', body: form });
  }

  it('encrypts with the SSE form field, and by the bucket default without one', async () => {
    const body = marked('post-enc', PACKAGE + 10);
    const res = await post(BUCKET, 'post/sse', body, { 'x-amz-server-side-encryption': 'AES256' });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(res.headers.get('x-amz-server-side-encryption')).toBe('AES256');
    expect(res.headers.get('etag')).toBe(`"${md5Hex(body)}"`);
    const got = await getBytes({ Bucket: BUCKET, Key: 'post/sse' });
    expect(got.body.equals(body)).toBe(true);
    expect(got.headers.ServerSideEncryption).toBe('AES256');

    const byDefault = await post(DEFAULTED, 'post/default', body, {});
    expect(byDefault.status, await byDefault.clone().text()).toBe(204);
    const head = await s3.send(new HeadObjectCommand({ Bucket: DEFAULTED, Key: 'post/default' }));
    expect(head.ServerSideEncryption).toBe('AES256');
    expect(head.ContentLength).toBe(body.length);
  });

  it('refuses an unknown algorithm in the form', async () => {
    const res = await post(BUCKET, 'post/unknown', Buffer.from('x'), {
      'x-amz-server-side-encryption': 'rot13',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>InvalidRequest</Code>');
  });
});

describe('the raw files under the data dir', () => {
  it('hold no plaintext of encrypted objects, while an unencrypted control object is found', async () => {
    const dataDir = engine?.dataDir ?? '';
    const control = marked('raw-control-plain', 200 * KiB);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'raw/control', Body: control }));
    const controlFound = await filesContaining(dataDir, Buffer.from('raw-control-plain:00000100;'));
    expect(controlFound.length).toBeGreaterThan(0);
    const smallControl = marked('raw-control-small', 2000);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'raw/control-small', Body: smallControl }));
    expect(
      (await filesContaining(dataDir, Buffer.from('raw-control-small:00000010;'))).length,
    ).toBeGreaterThan(0);

    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'raw/small',
        Body: marked('raw-enc-small', 2000),
        ServerSideEncryption: 'AES256',
      }),
    );
    for (const marker of [
      'sse-s3-single',
      'sse-kms-single',
      'sse-c-single',
      'mp-part-one',
      'mp-part-two',
      'mp-part-three',
      'default-enc',
      'copy-source',
      'raw-enc-small',
      'post-enc',
      'version-one',
      'version-two',
      'minio-js-sse',
    ]) {
      expect(await filesContaining(dataDir, Buffer.from(`${marker}:00000010;`)), marker).toEqual([]);
    }
  });
});

describe('without a KMS', () => {
  it('answers SSE-S3 and SSE-KMS with 501 NotImplemented, and still serves SSE-C', async () => {
    const bare = await startHttpEngine({
      name: 'sse-no-kms',
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
      kms: unconfiguredKms(),
    });
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${bare.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    });
    try {
      await client.send(new CreateBucketCommand({ Bucket: 'nokms' }));
      for (const sse of ['AES256', 'aws:kms'] as const) {
        const failure = await s3Failure(
          client.send(
            new PutObjectCommand({ Bucket: 'nokms', Key: 'k', Body: 'x', ServerSideEncryption: sse }),
          ),
        );
        expect(failure).toMatchObject({ code: 'NotImplemented', status: 501 });
      }
      await client.send(
        new PutObjectCommand({ Bucket: 'nokms', Key: 'c', Body: 'secret', ...ssec(customerKey) }),
      );
      const out = await client.send(
        new GetObjectCommand({ Bucket: 'nokms', Key: 'c', ...ssec(customerKey) }),
      );
      expect(await out.Body?.transformToString()).toBe('secret');
    } finally {
      client.destroy();
      await bare.close();
    }
  });
});
