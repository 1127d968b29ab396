/**
 * Issue 14 §1, "a read is whole or refused": a GET that has sent its headers delivers every byte
 * of its version, whatever commits meanwhile. The race as reported (a 15 MiB download of an
 * unversioned multipart object stopped after 9 MiB when the object was overwritten) is made
 * deterministic: each reader takes its first chunk and then stops reading, so the engine cannot
 * get past the bytes the sockets buffer (a few MiB on loopback) — the later parts of the 21 MiB
 * object are opened only after the overwrite and the delete have committed. Then the readers go
 * on, and every byte is checked against the version each one started on. The overwrite must not
 * make a read report damage (no heal scheduled), and the replaced data dirs go once the readers
 * are done.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { signRequest } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYS_DIR } from '../src/storage/layout.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { sdkClient } from './helpers/sdk-client.js';

const MiB = 1024 * 1024;
const KEYS = { accessKey: 'readwhole', secretKey: 'readwhole-secret' };
const BUCKET = 'whole';
const KEY = 'big.bin';

let engine: HttpEngine;
let s3: S3Client;
const logs: string[] = [];

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Four 5 MiB parts and a 1 MiB one: part 3 starts at 10 MiB, past what loopback sockets buffer. */
async function putMultipart(body: Buffer): Promise<void> {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: KEY }));
  const parts = [];
  for (let n = 1, at = 0; at < body.length; n++, at += 5 * MiB) {
    const part = body.subarray(at, Math.min(body.length, at + 5 * MiB));
    const { ETag } = await s3.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: KEY, UploadId, PartNumber: n, Body: part }),
    );
    parts.push({ PartNumber: n, ETag });
  }
  await s3.send(
    new CompleteMultipartUploadCommand({
      Bucket: BUCKET,
      Key: KEY,
      UploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
}

interface PausedRead {
  status: number;
  /** Resume reading; resolves with every byte the body delivered, rejects if it broke off. */
  finish(): Promise<Buffer>;
}

/** A signed GET that, after its headers and first chunk, stops reading until `finish`. */
function pausedGet(): Promise<PausedRead> {
  const url = new URL(`http://127.0.0.1:${engine.port}/${BUCKET}/${KEY}`);
  const headers = signRequest({
    method: 'GET',
    url,
    headers: {},
    ...KEYS,
    region: 'us-east-1',
    service: 's3',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const ended = new Promise<Buffer>((done, broke) => {
        res.on('end', () => done(Buffer.concat(chunks)));
        res.on('error', broke);
        res.on('aborted', () =>
          broke(new Error(`body broke off after ${Buffer.concat(chunks).length} bytes`)),
        );
      });
      res.once('data', (first: Buffer) => {
        chunks.push(first);
        res.pause();
        res.on('data', (c: Buffer) => chunks.push(c));
        resolve({
          status: res.statusCode ?? 0,
          finish: () => {
            res.resume();
            return ended;
          },
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The data dirs of the bucket on every drive (shard files of committed versions). */
async function dataDirs(): Promise<string[]> {
  const all: string[] = [];
  for (const d of [1, 2, 3, 4]) {
    const dir = path.join(engine.dataDir, `drive${d}`, SYS_DIR, 'data', BUCKET);
    all.push(...(await readdir(dir).catch(() => [] as string[])).map((n) => `drive${d}/${n}`));
  }
  return all;
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'read-whole', ...KEYS, log: (line) => logs.push(line) });
  s3 = sdkClient(`http://127.0.0.1:${engine.port}`, KEYS);
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
}, 60_000);

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

describe('a GET already answering survives an overwrite and a delete of its object', () => {
  it('delivers every byte of the version it started on; no heal is scheduled', async () => {
    const v1 = randomBytes(21 * MiB);
    const v2 = randomBytes(21 * MiB);
    await putMultipart(v1);
    const oldDirs = await dataDirs();
    expect(oldDirs).toHaveLength(4);

    const first = await pausedGet();
    expect(first.status).toBe(200);
    // Overwrite the unversioned object while the first read is stalled, then start a second read.
    await putMultipart(v2);
    const second = await pausedGet();
    expect(second.status).toBe(200);
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: KEY }));
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: KEY }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    // Both versions are gone from the index, but their data waits for the readers.
    expect(await dataDirs()).toHaveLength(8);

    const [got1, got2] = await Promise.all([first.finish(), second.finish()]);
    expect(got1.length).toBe(v1.length);
    expect(sha(got1)).toBe(sha(v1));
    expect(got2.length).toBe(v2.length);
    expect(sha(got2)).toBe(sha(v2));

    // Once the readers are done the dropped data goes; the read never looked damaged.
    await until('the replaced data dirs to be removed', async () => (await dataDirs()).length === 0);
    expect(logs.filter((l) => /heal|unreadable/.test(l))).toEqual([]);
  }, 60_000);
});
