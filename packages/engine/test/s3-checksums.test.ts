/**
 * S3's flexible checksums end to end (issue 14 §5), against one engine process: the AWS SDK v3
 * with its default behaviour (a CRC32 on every upload, sent as an aws-chunked trailer for
 * streams) and with each algorithm named; multipart uploads with COMPOSITE and FULL_OBJECT
 * checksums; GetObjectAttributes with its parts; a repeated CompleteMultipartUpload; non-ASCII
 * user metadata; awscli's `--checksum-algorithm` (every distinct `aws` on the machine) and rclone
 * setting non-ASCII metadata. Expected values come from independent implementations (zlib, the
 * AWS SDK's own CRC-32C and CRC-64/NVME packages, node:crypto), never from the engine's code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Crc32c } from '@aws-crypto/crc32c';
import { Crc64Nvme } from '@aws-sdk/crc64-nvme';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type ChecksumAlgorithm,
  type ChecksumType,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsEnv, bucketName, findAwsClis, rcloneConfig, run, type AwsCli } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { minioClient } from './helpers/minio-client.js';
import { s3Failure } from './helpers/s3-failure.js';

const MiB = 1024 * 1024;
/** The last part of the multipart uploads: small, odd-sized (every other part is 5 MiB, S3's minimum). */
const LAST_PART = 4099;
const ALGORITHMS: ChecksumAlgorithm[] = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'];

let engine: EngineProcess;
let s3: S3Client;
let tmp: string;
const bucket = bucketName('checksums');
/** Headers of the PUTs the SDK sent, by path (captured after signing). */
const sent = new Map<string, Record<string, string>>();

/** The digest bytes of `data` by an implementation that is not the engine's. */
async function oracle(algorithm: ChecksumAlgorithm, data: Buffer): Promise<Buffer> {
  switch (algorithm) {
    case 'CRC32': {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(zlib.crc32(data) >>> 0);
      return b;
    }
    case 'CRC32C': {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(new Crc32c().update(data).digest() >>> 0);
      return b;
    }
    case 'CRC64NVME': {
      const c = new Crc64Nvme();
      c.update(data);
      return Buffer.from(await c.digest());
    }
    default:
      return createHash(algorithm === 'SHA1' ? 'sha1' : 'sha256')
        .update(data)
        .digest();
  }
}
const b64 = async (a: ChecksumAlgorithm, data: Buffer): Promise<string> =>
  (await oracle(a, data)).toString('base64');

/** The ChecksumX field of an SDK output. */
function checksumField(out: object, algorithm: ChecksumAlgorithm): string | undefined {
  return (out as Record<string, string | undefined>)[`Checksum${algorithm}`];
}

async function getBytes(key: string, extra: { PartNumber?: number } = {}): Promise<Buffer> {
  // ChecksumMode makes the SDK validate a whole-object checksum it receives: a wrong one throws.
  const out = await s3.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED', ...extra }),
  );
  return Buffer.from(await out.Body!.transformToByteArray());
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  s3 = new S3Client({
    endpoint: engine.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: engine.accessKey, secretAccessKey: engine.secretKey },
    maxAttempts: 1,
  });
  s3.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { method?: string; path?: string; headers?: Record<string, string> };
      if (request.method === 'PUT' && request.path !== undefined && request.headers !== undefined)
        sent.set(request.path, { ...request.headers });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'recordSentHeaders', priority: 'low' },
  );
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  tmp = await mkdtemp(path.join(os.tmpdir(), 'coffer-checksums-'));
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  await engine?.destroy();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('single-part uploads (AWS SDK v3)', () => {
  it('by default sends a CRC32 (as an aws-chunked trailer for a stream) that is stored and returned', async () => {
    const data = randomBytes(300_000);
    const out = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'default-stream',
        Body: Readable.from([data.subarray(0, 100_000), data.subarray(100_000)]),
        ContentLength: data.length,
      }),
    );
    const headers = sent.get(`/${bucket}/default-stream`) ?? {};
    expect(headers['x-amz-trailer']).toBe('x-amz-checksum-crc32');
    expect(out.ChecksumCRC32).toBe(await b64('CRC32', data));
    expect(out.ChecksumType).toBe('FULL_OBJECT');
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: bucket, Key: 'default-stream', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumCRC32).toBe(await b64('CRC32', data));
    expect(head.ChecksumType).toBe('FULL_OBJECT');
    expect((await getBytes('default-stream')).equals(data)).toBe(true);
  });

  it.each(ALGORITHMS)(
    '%s: a Buffer (header) and a stream (trailer) are stored, returned and validated on GET',
    async (algorithm) => {
      const data = randomBytes(70_001);
      const want = await b64(algorithm, data);
      for (const [key, body] of [
        [`${algorithm}-buffer`, data],
        [`${algorithm}-stream`, Readable.from([data.subarray(0, 1), data.subarray(1)])],
      ] as const) {
        const put = await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: data.length,
            ChecksumAlgorithm: algorithm,
          }),
        );
        expect(checksumField(put, algorithm)).toBe(want);
        const head = await s3.send(
          new HeadObjectCommand({ Bucket: bucket, Key: key, ChecksumMode: 'ENABLED' }),
        );
        expect(checksumField(head, algorithm)).toBe(want);
        expect(head.ChecksumType).toBe('FULL_OBJECT');
        expect((await getBytes(key)).equals(data)).toBe(true);
      }
      expect(sent.get(`/${bucket}/${algorithm}-stream`)?.['x-amz-trailer']).toBe(
        `x-amz-checksum-${algorithm.toLowerCase()}`,
      );
      // Without x-amz-checksum-mode nothing is sent.
      const plain = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `${algorithm}-buffer` }));
      expect(checksumField(plain, algorithm)).toBeUndefined();
    },
  );

  it('refuses a body whose checksum does not match, storing nothing', async () => {
    const err = await s3Failure(
      s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: 'bad-crc32c',
          Body: 'payload',
          ChecksumCRC32C: await b64('CRC32C', Buffer.from('other')),
        }),
      ),
    );
    expect(err.status).toBe(400);
    expect(
      (await s3Failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'bad-crc32c' })))).status,
    ).toBe(404);
  });
});

interface Uploaded {
  key: string;
  data: Buffer;
  partData: Buffer[];
  parts: CompletedPart[];
  uploadId: string;
}

async function uploadParts(
  key: string,
  algorithm: ChecksumAlgorithm,
  type?: ChecksumType,
  extra: { ServerSideEncryption?: 'AES256' } = {},
): Promise<Uploaded> {
  const created = await s3.send(
    new CreateMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      ChecksumAlgorithm: algorithm,
      ...(type ? { ChecksumType: type } : {}),
      ...extra,
    }),
  );
  const partData = [randomBytes(5 * MiB), randomBytes(LAST_PART)];
  const parts: CompletedPart[] = [];
  for (const [i, body] of partData.entries()) {
    const out = await s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: created.UploadId,
        PartNumber: i + 1,
        // The last part as a stream: the SDK sends its checksum as an aws-chunked trailer.
        Body: i === partData.length - 1 ? Readable.from([body]) : body,
        ContentLength: body.length,
        ChecksumAlgorithm: algorithm,
      }),
    );
    expect(checksumField(out, algorithm)).toBe(await b64(algorithm, body));
    if (i === partData.length - 1)
      expect(sent.get(`/${bucket}/${key}`)?.['x-amz-trailer']).toBe(
        `x-amz-checksum-${algorithm.toLowerCase()}`,
      );
    parts.push({
      PartNumber: i + 1,
      ETag: out.ETag,
      [`Checksum${algorithm}`]: checksumField(out, algorithm),
    });
  }
  return { key, data: Buffer.concat(partData), partData, parts, uploadId: created.UploadId! };
}

describe('multipart uploads', () => {
  it.each([
    ['CRC32', 'COMPOSITE'],
    ['SHA1', undefined],
    ['SHA256', 'COMPOSITE'],
    ['CRC32', 'FULL_OBJECT'],
    ['CRC32C', 'FULL_OBJECT'],
    ['CRC64NVME', undefined],
  ] as [ChecksumAlgorithm, ChecksumType | undefined][])(
    '%s %s: the object checksum, GET / HEAD, GetObjectAttributes with its parts',
    async (algorithm, asked) => {
      const type: ChecksumType = asked ?? (algorithm === 'CRC64NVME' ? 'FULL_OBJECT' : 'COMPOSITE');
      const up = await uploadParts(`mp-${algorithm}-${type}`, algorithm, asked);
      const done = await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: up.key,
          UploadId: up.uploadId,
          MultipartUpload: { Parts: up.parts },
        }),
      );
      const partDigests = await Promise.all(up.partData.map((p) => oracle(algorithm, p)));
      const want =
        type === 'FULL_OBJECT'
          ? await b64(algorithm, up.data)
          : `${await b64(algorithm, Buffer.concat(partDigests))}-2`;
      expect(checksumField(done, algorithm)).toBe(want);
      expect(done.ChecksumType).toBe(type);
      expect(done.ETag).toMatch(/-2"$/);

      // The SDK validates a FULL_OBJECT checksum on GET (and skips composite ones).
      expect((await getBytes(up.key)).equals(up.data)).toBe(true);
      const head = await s3.send(
        new HeadObjectCommand({ Bucket: bucket, Key: up.key, ChecksumMode: 'ENABLED' }),
      );
      expect(checksumField(head, algorithm)).toBe(want);
      expect(head.ChecksumType).toBe(type);
      // One part: its own checksum and the part count.
      const part2 = await s3.send(
        new HeadObjectCommand({ Bucket: bucket, Key: up.key, PartNumber: 2, ChecksumMode: 'ENABLED' }),
      );
      expect(part2.PartsCount).toBe(2);
      expect(part2.ContentLength).toBe(LAST_PART);

      const attrs = await s3.send(
        new GetObjectAttributesCommand({
          Bucket: bucket,
          Key: up.key,
          ObjectAttributes: ['ETag', 'Checksum', 'ObjectParts', 'ObjectSize'],
        }),
      );
      expect(attrs.ObjectSize).toBe(up.data.length);
      expect(checksumField(attrs.Checksum ?? {}, algorithm)).toBe(want);
      expect(attrs.Checksum?.ChecksumType).toBe(type);
      expect(attrs.ObjectParts?.TotalPartsCount).toBe(2);
      expect(
        attrs.ObjectParts?.Parts?.map((p) => [p.PartNumber, p.Size, checksumField(p, algorithm)]),
      ).toEqual([
        [1, 5 * MiB, partDigests[0]?.toString('base64')],
        [2, LAST_PART, partDigests[1]?.toString('base64')],
      ]);
      const page = await s3.send(
        new GetObjectAttributesCommand({
          Bucket: bucket,
          Key: up.key,
          ObjectAttributes: ['ObjectParts'],
          MaxParts: 1,
        }),
      );
      expect(page.ObjectParts?.IsTruncated).toBe(true);
      expect(page.ObjectParts?.NextPartNumberMarker).toBe('1');
      expect(page.ObjectParts?.Parts).toHaveLength(1);
    },
    60_000,
  );

  it('keeps the plaintext checksums of an encrypted (SSE-S3) upload, COMPOSITE and FULL_OBJECT', async () => {
    for (const type of ['COMPOSITE', 'FULL_OBJECT'] as const) {
      const up = await uploadParts(`mp-sse-${type}`, 'CRC32', type, { ServerSideEncryption: 'AES256' });
      const done = await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: up.key,
          UploadId: up.uploadId,
          MultipartUpload: { Parts: up.parts },
        }),
      );
      const parts = await Promise.all(up.partData.map((p) => oracle('CRC32', p)));
      const want =
        type === 'FULL_OBJECT'
          ? await b64('CRC32', up.data)
          : `${await b64('CRC32', Buffer.concat(parts))}-2`;
      expect(done.ChecksumCRC32).toBe(want);
      expect(done.ServerSideEncryption).toBe('AES256');
      expect((await getBytes(up.key)).equals(up.data)).toBe(true);
      const head = await s3.send(
        new HeadObjectCommand({ Bucket: bucket, Key: up.key, ChecksumMode: 'ENABLED' }),
      );
      expect([head.ChecksumCRC32, head.ChecksumType]).toEqual([want, type]);
    }
  }, 60_000);

  it('listings name the checksum algorithm and type of each object', async () => {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'mp-CRC64NVME' }));
    expect(listed.Contents?.map((c) => [c.ChecksumAlgorithm, c.ChecksumType])).toEqual([
      [['CRC64NVME'], 'FULL_OBJECT'],
    ]);
    const composite = await s3.send(
      new ListObjectVersionsCommand({ Bucket: bucket, Prefix: 'mp-SHA256-COMPOSITE' }),
    );
    expect(composite.Versions?.map((v) => [v.ChecksumAlgorithm, v.ChecksumType])).toEqual([
      [['SHA256'], 'COMPOSITE'],
    ]);
  });

  it('refuses checksum types an algorithm cannot have', async () => {
    for (const [algorithm, type] of [
      ['SHA256', 'FULL_OBJECT'],
      ['SHA1', 'FULL_OBJECT'],
      ['CRC64NVME', 'COMPOSITE'],
    ] as [ChecksumAlgorithm, ChecksumType][]) {
      const err = await s3Failure(
        s3.send(
          new CreateMultipartUploadCommand({
            Bucket: bucket,
            Key: 'refused',
            ChecksumAlgorithm: algorithm,
            ChecksumType: type,
          }),
        ),
      );
      expect([err.status, err.code]).toEqual([400, 'InvalidRequest']);
    }
  });

  it('checks a whole-object CRC sent with CompleteMultipartUpload before assembling anything', async () => {
    const up = await uploadParts('mp-claimed', 'CRC32C', 'FULL_OBJECT');
    const complete = (claim: string) =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: up.key,
          UploadId: up.uploadId,
          ChecksumCRC32C: claim,
          ChecksumType: 'FULL_OBJECT',
          MultipartUpload: { Parts: up.parts },
        }),
      );
    const wrong = await s3Failure(complete(await b64('CRC32C', Buffer.from('not the object'))));
    expect(wrong.status).toBe(400);
    expect((await s3Failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: up.key })))).status).toBe(
      404,
    );
    const done = await complete(await b64('CRC32C', up.data));
    expect(done.ChecksumCRC32C).toBe(await b64('CRC32C', up.data));
  }, 60_000);

  it('answers a repeated CompleteMultipartUpload as the first, and only for the same parts', async () => {
    const up = await uploadParts('mp-repeat', 'CRC32');
    const request = {
      Bucket: bucket,
      Key: up.key,
      UploadId: up.uploadId,
      MultipartUpload: { Parts: up.parts },
    };
    const first = await s3.send(new CompleteMultipartUploadCommand(request));
    const again = await s3.send(new CompleteMultipartUploadCommand(request));
    expect([again.ETag, again.ChecksumCRC32, again.ChecksumType]).toEqual([
      first.ETag,
      first.ChecksumCRC32,
      'COMPOSITE',
    ]);
    const other = await s3Failure(
      s3.send(
        new CompleteMultipartUploadCommand({ ...request, MultipartUpload: { Parts: up.parts.slice(0, 1) } }),
      ),
    );
    expect([other.status, other.code]).toEqual([404, 'NoSuchUpload']);
    expect((await getBytes(up.key)).equals(up.data)).toBe(true);
  }, 60_000);
});

describe('non-ASCII user metadata', () => {
  it('signs (the SDK hashes the UTF-8 bytes it sends) and round-trips byte for byte', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'meta-utf8',
        Body: 'x',
        Metadata: { greeting: 'grüße', city: 'Zürich' },
      }),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'meta-utf8' }));
    // Node reads header bytes as latin1; the UTF-8 bytes sent come back unchanged.
    const text = (v: string | undefined) => Buffer.from(v ?? '', 'latin1').toString('utf8');
    expect(text(head.Metadata?.greeting)).toBe('grüße');
    expect(text(head.Metadata?.city)).toBe('Zürich');
  });

  it('signs and round-trips from minio-js too (Node sends latin1 bytes for them, and signs the text)', async () => {
    const mc = minioClient(engine);
    await mc.putObject(bucket, 'meta-latin1', Buffer.from('x'), 1, { 'X-Amz-Meta-Greeting': 'grüße' });
    const stat = await mc.statObject(bucket, 'meta-latin1');
    expect(stat.metaData.greeting).toBe('grüße');
  });
});

describe('command-line clients', () => {
  let clis: AwsCli[] = [];
  beforeAll(async () => {
    clis = await findAwsClis();
  });

  // CRC32C / CRC64NVME need botocore's optional CRT extension, which the machines do not have.
  it('awscli: cp / put-object with --checksum-algorithm, head-object --checksum-mode ENABLED', async () => {
    expect(clis.length).toBeGreaterThan(0);
    const file = path.join(tmp, 'cli-payload.bin');
    const data = randomBytes(200_000);
    await writeFile(file, data);
    for (const [n, cli] of clis.entries()) {
      const env = await awsEnv(path.join(tmp, `aws-${n}`), engine);
      const aws = (...args: string[]) => run(cli.path, ['--endpoint-url', engine.url, ...args], { env });
      const key = `cli-${n}-put-sha256`;
      const put = JSON.parse(
        (
          await aws(
            's3api',
            'put-object',
            '--bucket',
            bucket,
            '--key',
            key,
            '--body',
            file,
            '--checksum-algorithm',
            'SHA256',
          )
        ).stdout,
      ) as Record<string, string>;
      expect(put.ChecksumSHA256, cli.version).toBe(await b64('SHA256', data));
      const head = JSON.parse(
        (await aws('s3api', 'head-object', '--bucket', bucket, '--key', key, '--checksum-mode', 'ENABLED'))
          .stdout,
      ) as Record<string, string>;
      expect(head.ChecksumSHA256, cli.version).toBe(await b64('SHA256', data));
      // `s3 cp --checksum-algorithm` exists in awscli 1.x's recent releases, not in Debian's 2.9.
      if (cli.version.startsWith('aws-cli/1.')) {
        await aws('s3', 'cp', file, `s3://${bucket}/cli-${n}-cp`, '--checksum-algorithm', 'CRC32');
        const stored = await s3.send(
          new HeadObjectCommand({ Bucket: bucket, Key: `cli-${n}-cp`, ChecksumMode: 'ENABLED' }),
        );
        expect(stored.ChecksumCRC32, cli.version).toBe(await b64('CRC32', data));
      }
    }
  }, 120_000);

  it('rclone: metadata with non-ASCII values set at upload arrives and reads back', async () => {
    const { env } = await rcloneConfig(path.join(tmp, 'rclone'), engine);
    const file = path.join(tmp, 'rclone-payload.txt');
    await writeFile(file, 'rclone says hello');
    await run(
      'rclone',
      ['copyto', file, `remote:${bucket}/rclone-meta.txt`, '-M', '--metadata-set', 'greeting=grüße'],
      { env },
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'rclone-meta.txt' }));
    expect(Buffer.from(head.Metadata?.greeting ?? '', 'latin1').toString('utf8')).toBe('grüße');
    const listed = JSON.parse(
      (await run('rclone', ['lsjson', '-M', `remote:${bucket}/rclone-meta.txt`], { env })).stdout,
    ) as { Metadata?: Record<string, string> }[];
    expect(listed[0]?.Metadata?.greeting).toBe('grüße');
  }, 60_000);
});
