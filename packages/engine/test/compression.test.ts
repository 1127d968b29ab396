/**
 * Compression at rest through the real HTTP stack with the AWS SDK v3 (issue 10 §1): a compressible
 * object takes much less space on the drives and reads back identical — whole, by ranges (closed,
 * suffix, open-ended), by part number — with the plaintext's size, ETag and checksum; multipart
 * uploads, copies, listings and SSE-S3 with `allow_encryption` see the plaintext too.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Crc32c } from '@aws-crypto/crc32c';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { sdkClient } from './helpers/sdk-client.js';
import { staticConfig } from '../src/config/types.js';

const ACCESS_KEY = 'COFFERTESTROOTKEYZIP1';
const SECRET_KEY = 'coffer-test-root-secret-key-zip-0123456';
const MiB = 1024 * 1024;
const config = staticConfig({ compression: { enable: 'on', allow_encryption: 'on' } });

let engine: HttpEngine | undefined;
let s3: S3Client;

beforeAll(async () => {
  engine = await startHttpEngine({
    name: 'compression',
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    config,
  });
  s3 = sdkClient(`http://127.0.0.1:${engine.port}`, { accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  for (const Bucket of ['packed', 'plain']) await s3.send(new CreateBucketCommand({ Bucket }));
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

function csvText(size: number): Buffer {
  const rows: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const row = `${i},sensor-${i % 17},${(Math.random() * 100).toFixed(3)},ok\n`;
    rows.push(row);
    length += row.length;
  }
  return Buffer.from(rows.join('')).subarray(0, size);
}

const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex');

async function storedBytes(bucket: string): Promise<number> {
  let total = 0;
  const walk = async (dir: string, inBucket: boolean): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(p, inBucket || entry.name === bucket);
      else if (inBucket) total += (await stat(p)).size;
    }
  };
  for (const d of await readdir(engine?.dataDir ?? ''))
    await walk(path.join(engine?.dataDir ?? '', d), false);
  return total;
}

async function get(Bucket: string, Key: string, Range?: string, PartNumber?: number) {
  const out = await s3.send(
    new GetObjectCommand({
      Bucket,
      Key,
      ...(Range !== undefined ? { Range } : {}),
      ...(PartNumber !== undefined ? { PartNumber } : {}),
    }),
  );
  const body = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
  return { out, body };
}

describe('compression over HTTP (AWS SDK v3)', () => {
  const data = csvText(8 * MiB);

  it('PUT stores an 8 MiB CSV compressed; GET, HEAD and listings show the plaintext', async () => {
    const put = await s3.send(
      new PutObjectCommand({ Bucket: 'packed', Key: 'data.csv', Body: data, ChecksumAlgorithm: 'CRC32' }),
    );
    expect(put.ETag).toBe(`"${md5(data)}"`);
    config.set('compression', { enable: 'off' });
    await s3.send(new PutObjectCommand({ Bucket: 'plain', Key: 'data.csv', Body: data }));
    config.set('compression', { enable: 'on', allow_encryption: 'on' });
    expect(await storedBytes('packed')).toBeLessThan((await storedBytes('plain')) / 3);

    const { out, body } = await get('packed', 'data.csv');
    expect(body.equals(data)).toBe(true);
    expect(out.ContentLength).toBe(data.length);
    expect(out.ETag).toBe(`"${md5(data)}"`);
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: 'packed', Key: 'data.csv', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ContentLength).toBe(data.length);
    expect(head.ChecksumCRC32).toBe(put.ChecksumCRC32);
    const list = await s3.send(new ListObjectsV2Command({ Bucket: 'packed' }));
    expect(list.Contents?.map((o) => [o.Key, o.Size])).toEqual([['data.csv', data.length]]);
  });

  it('ranges: closed across a block edge, suffix and open-ended', async () => {
    const cases: [string, Buffer][] = [
      [`bytes=${MiB - 10}-${MiB + 10}`, data.subarray(MiB - 10, MiB + 11)],
      ['bytes=-1000', data.subarray(data.length - 1000)],
      [`bytes=${7 * MiB + 5}-`, data.subarray(7 * MiB + 5)],
      ['bytes=100-199', data.subarray(100, 200)],
    ];
    for (const [range, expected] of cases) {
      const { out, body } = await get('packed', 'data.csv', range);
      expect(body.equals(expected), range).toBe(true);
      expect(out.ContentLength, range).toBe(expected.length);
      expect(out.ContentRange, range).toMatch(new RegExp(`/${data.length}$`));
    }
  });

  it('multipart upload, part-number read and copy keep the plaintext', async () => {
    const parts = [csvText(5 * MiB), csvText(2 * MiB)];
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'packed', Key: 'multi.log', ContentType: 'text/plain' }),
    );
    const done = [];
    for (const [i, Body] of parts.entries()) {
      const part = await s3.send(
        new UploadPartCommand({ Bucket: 'packed', Key: 'multi.log', UploadId, PartNumber: i + 1, Body }),
      );
      done.push({ PartNumber: i + 1, ETag: part.ETag });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'packed',
        Key: 'multi.log',
        UploadId,
        MultipartUpload: { Parts: done },
      }),
    );
    const whole = Buffer.concat(parts);
    const { out, body } = await get('packed', 'multi.log');
    expect(body.equals(whole)).toBe(true);
    expect(out.ContentLength).toBe(whole.length);
    const second = await get('packed', 'multi.log', undefined, 2);
    expect(second.body.equals(parts[1] as Buffer)).toBe(true);
    expect(second.out.PartsCount).toBe(2);
    const across = await get('packed', 'multi.log', `bytes=${5 * MiB - 3}-${5 * MiB + 3}`);
    expect(across.body.equals(whole.subarray(5 * MiB - 3, 5 * MiB + 4))).toBe(true);

    await s3.send(
      new CopyObjectCommand({ Bucket: 'plain', Key: 'copied.log', CopySource: 'packed/multi.log' }),
    );
    const copied = await get('plain', 'copied.log');
    expect(copied.body.equals(whole)).toBe(true);
    expect(copied.out.ETag).toBe(`"${md5(whole)}"`);
  });

  it('a compressed (and a compressed encrypted) multipart upload keeps the plaintext FULL_OBJECT CRC32C', async () => {
    const parts = [csvText(5 * MiB), csvText(MiB + 7)];
    const whole = Buffer.concat(parts);
    const want = Buffer.alloc(4);
    want.writeUInt32BE(new Crc32c().update(whole).digest() >>> 0);
    for (const [Key, sse] of [
      ['crc.log', {}],
      ['crc-sse.log', { ServerSideEncryption: 'AES256' as const }],
    ] as const) {
      const { UploadId } = await s3.send(
        new CreateMultipartUploadCommand({
          Bucket: 'packed',
          Key,
          ContentType: 'text/plain',
          ChecksumAlgorithm: 'CRC32C',
          ChecksumType: 'FULL_OBJECT',
          ...sse,
        }),
      );
      const done = [];
      for (const [i, Body] of parts.entries()) {
        const part = await s3.send(
          new UploadPartCommand({
            Bucket: 'packed',
            Key,
            UploadId,
            PartNumber: i + 1,
            Body,
            ChecksumAlgorithm: 'CRC32C',
          }),
        );
        done.push({ PartNumber: i + 1, ETag: part.ETag, ChecksumCRC32C: part.ChecksumCRC32C });
      }
      const completed = await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'packed',
          Key,
          UploadId,
          MultipartUpload: { Parts: done },
        }),
      );
      expect([completed.ChecksumCRC32C, completed.ChecksumType], Key).toEqual([
        want.toString('base64'),
        'FULL_OBJECT',
      ]);
      const { body } = await get('packed', Key);
      expect(body.equals(whole), Key).toBe(true);
      const head = await s3.send(new HeadObjectCommand({ Bucket: 'packed', Key, ChecksumMode: 'ENABLED' }));
      expect(head.ChecksumCRC32C, Key).toBe(want.toString('base64'));
    }
  });

  it('SSE-S3 with allow_encryption: compressed, encrypted, read back with ranges', async () => {
    const before = await storedBytes('packed');
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: 'packed',
        Key: 'secret.json',
        Body: data,
        ServerSideEncryption: 'AES256',
      }),
    );
    expect(put.ServerSideEncryption).toBe('AES256');
    expect(put.ETag).toBe(`"${md5(data)}"`);
    // Data and parity shards together take less than the plaintext alone (uncompressed: twice it).
    expect((await storedBytes('packed')) - before).toBeLessThan(data.length);
    const stored = await engine?.context.objectLayer.getObjectInfo('packed', 'secret.json');
    expect(stored?.size).toBe(data.length);
    const { out, body } = await get('packed', 'secret.json');
    expect(body.equals(data)).toBe(true);
    expect(out.ServerSideEncryption).toBe('AES256');
    const range = await get('packed', 'secret.json', `bytes=${3 * MiB - 1}-${3 * MiB}`);
    expect(range.body.equals(data.subarray(3 * MiB - 1, 3 * MiB + 1))).toBe(true);
  });
});
