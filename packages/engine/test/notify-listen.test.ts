/**
 * ListenBucketNotification / ListenNotification, end to end: an engine started in-process with
 * `createEngine`; streams opened with a raw SigV4-signed HTTP GET (`@coffer/protocol`'s signer,
 * node's http client reading the body as it comes) and with the `minio` JS SDK's
 * `listenBucketNotification`. Covers MinIO's line format, filters, the `ping` keep-alive, the
 * bucket-less form, refusals (bad event, missing bucket, no permission), clean-up when the client
 * goes away, and the bounded queue of a client that stops reading.
 */
import http from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Client as MinioClient } from 'minio';
import { signRequest } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import type { ObjectEventRecord } from '../src/events/index.js';
import { createUser, type Keys } from './helpers/admin-calls.js';
import { sdkClient } from './helpers/sdk-client.js';

const root = { accessKey: 'listenroot', secretKey: 'listen-root-secret-123456' };

let dir: string;
let engine: Engine;
let s3: S3Client;

/** An open listen stream: its lines as they arrive, and a way to wait for more. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every non-blank line so far. */
  lines: string[];
  /** The raw body so far. */
  raw: () => string;
  /** Resolves when a line satisfying `test` arrived (rejects after 30 s). */
  next(test: (line: string) => boolean): Promise<string>;
  close(): void;
}

function listen(path: string, keys: Keys = root, read = true): Promise<Stream> {
  const url = new URL(path, engine.url);
  const headers = signRequest({
    method: 'GET',
    url,
    headers: {},
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    region: 'us-east-1',
    service: 's3',
  });
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let raw = '';
      const lines: string[] = [];
      let waiters: { test: (l: string) => boolean; ok: (l: string) => void }[] = [];
      const stream: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        lines,
        raw: () => raw,
        next(test) {
          const found = lines.find(test);
          if (found !== undefined) return Promise.resolve(found);
          return new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching line in: ${raw.slice(0, 500)}`)),
              30_000,
            );
            waiters.push({
              test,
              ok: (l) => {
                clearTimeout(timer);
                ok(l);
              },
            });
          });
        },
        close: () => req.destroy(),
      };
      if (read) {
        let partial = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          raw += chunk;
          partial += chunk;
          const parts = partial.split('\n');
          partial = parts.pop() ?? '';
          for (const line of parts.map((p) => p.trim()).filter((p) => p !== '')) {
            lines.push(line);
            const ready = waiters.filter((w) => w.test(line));
            waiters = waiters.filter((w) => !w.test(line));
            for (const w of ready) w.ok(line);
          }
        });
        res.on('error', () => undefined);
      }
      resolve(stream);
    });
    req.on('error', reject);
  });
}

function records(line: string): ObjectEventRecord[] {
  return (JSON.parse(line) as { Records: ObjectEventRecord[] | null }).Records ?? [];
}

function listenSubscribers(): number {
  return engine.events.stats().subscribers.filter((s) => s.name.startsWith('listen:')).length;
}

async function until(what: string, test: () => boolean): Promise<void> {
  const end = Date.now() + 30_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-listen-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    log: () => undefined,
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
  });
  s3 = sdkClient(engine.url, root);
  await s3.send(new CreateBucketCommand({ Bucket: 'live' }));
  await s3.send(new CreateBucketCommand({ Bucket: 'other' }));
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('ListenBucketNotification', () => {
  it('streams matching events as {"Records":[…]} lines with ping keep-alives, and cleans up', async () => {
    const before = listenSubscribers();
    const stream = await listen('/live?events=s3:ObjectCreated:*&prefix=a/&suffix=.txt&ping=1');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    await until('the subscription', () => listenSubscribers() === before + 1);
    await s3.send(new PutObjectCommand({ Bucket: 'live', Key: 'b/skip.txt', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: 'live', Key: 'a/skip.bin', Body: 'x' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'live', Key: 'a/gone.txt' }));
    await s3.send(new PutObjectCommand({ Bucket: 'live', Key: 'a/one two.txt', Body: 'hello' }));
    const line = await stream.next((l) => records(l).length > 0);
    const [record] = records(line);
    expect(record).toMatchObject({
      eventName: 's3:ObjectCreated:Put',
      s3: { bucket: { name: 'live' }, object: { key: 'a%2Fone+two.txt', size: 5 } },
    });
    // Nothing before it: the filtered-out changes came first and the stream is in order.
    expect(stream.lines.filter((l) => records(l).length > 0)).toEqual([line]);
    expect(await stream.next((l) => l === '{"Records":null}')).toBe('{"Records":null}');
    stream.close();
    await until('the subscription to end', () => listenSubscribers() === before);
  });

  it('listens to every bucket with GET /?events=', async () => {
    const stream = await listen('/?events=s3:ObjectRemoved:*');
    await until('the subscription', () => listenSubscribers() > 0);
    await s3.send(new PutObjectCommand({ Bucket: 'other', Key: 'k', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: 'live', Key: 'k1', Body: 'x' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'live', Key: 'k1' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'other', Key: 'k' }));
    await stream.next((l) => records(l).some((r) => r.s3.bucket.name === 'other'));
    const got = stream.lines
      .flatMap(records)
      .map((r) => `${r.eventName} ${r.s3.bucket.name}/${r.s3.object.key}`);
    expect(got).toEqual(['s3:ObjectRemoved:Delete live/k1', 's3:ObjectRemoved:Delete other/k']);
    // Without ping, MinIO's keep-alive is a space every 500 ms.
    await until('a keep-alive space', () => stream.raw().includes(' '));
    stream.close();
  });

  it('refuses unknown events, missing buckets and callers without the permission', async () => {
    const bad = await listen('/live?events=s3:ObjectCreated:Nope');
    expect(bad.status).toBe(400);
    await until('the error body', () => bad.raw().includes('</Error>'));
    expect(bad.raw()).toContain('<Code>InvalidArgument</Code>');
    const missing = await listen('/nosuch?events=s3:ObjectCreated:*');
    expect(missing.status).toBe(404);
    const user = await createUser({ url: engine.url, ...root }, 'reader', 'reader-secret-123', ['readonly']);
    const denied = await listen('/live?events=s3:ObjectCreated:*', user);
    expect(denied.status).toBe(403);
    const deniedAll = await listen('/?events=s3:ObjectCreated:*', user);
    expect(deniedAll.status).toBe(403);
    for (const s of [bad, missing, denied, deniedAll]) s.close();
  });

  it('works with the minio JS SDK', async () => {
    const url = new URL(engine.url);
    const mc = new MinioClient({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      accessKey: root.accessKey,
      secretKey: root.secretKey,
      region: 'us-east-1',
    });
    const poller = mc.listenBucketNotification('live', 'sdk/', '', ['s3:ObjectCreated:*']);
    const got = new Promise<ObjectEventRecord>((resolve) => {
      poller.on('notification', (record: ObjectEventRecord) => resolve(record));
    });
    await until('the subscription', () => listenSubscribers() > 0);
    await s3.send(new PutObjectCommand({ Bucket: 'live', Key: 'sdk/obj', Body: 'abc' }));
    const record = await got;
    poller.stop();
    expect(record.eventName).toBe('s3:ObjectCreated:Put');
    expect(record.s3.object.key).toBe('sdk%2Fobj');
    expect(record.s3.object.size).toBe(3);
  });

  it('bounds the queue of a client that stops reading', async () => {
    const before = listenSubscribers();
    const stream = await listen('/live?events=s3:ObjectCreated:Put', root, false);
    await until('the subscription', () => listenSubscribers() === before + 1);
    const listeners = () => engine.events.stats().subscribers.filter((s) => s.name.startsWith('listen:'));
    const dropped = () => listeners().some((s) => s.dropped > 0);
    // Long keys fill the socket buffers quickly; the hub then drops the oldest events.
    const long = 'k'.repeat(900);
    for (let i = 0; i < 50_000 && !dropped(); i++) {
      engine.events.publish({ name: 's3:ObjectCreated:Put', bucket: 'live', key: `${long}${i}` });
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await until('dropped events', dropped);
    expect(Math.max(...listeners().map((s) => s.queued))).toBeLessThanOrEqual(1000);
    stream.close();
    await until('the subscription to end', () => listenSubscribers() === before);
  });
});
