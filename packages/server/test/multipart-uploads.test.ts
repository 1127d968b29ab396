/**
 * Resumable multipart uploads through the console against the real engine (issue 9 §4): create,
 * parts out of order, list the stored parts, complete (byte-identical download), abort; a part
 * larger than the upload's part size or without Content-Length refused before its body is read;
 * a part cut off mid-way stores nothing; the upload continues after a new sign-in of the same
 * account, and every call of another account (or with a forged token) is refused.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

const MIB = 1024 * 1024;
const PART = 5 * MIB;
const BUCKET = 'resumable';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;
let other: ConsoleClient;

interface Upload {
  key: string;
  upload_id: string;
  part_size: number;
  token: string;
}
interface Part {
  part_number: number;
  etag: string;
  size: number;
}

/** Deterministic, incompressible-looking bytes. */
function bytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i + 4 <= size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, i);
  }
  return out;
}

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

function uploadQuery(u: Upload, extra = ''): string {
  return `key=${encodeURIComponent(u.key)}&upload_id=${encodeURIComponent(u.upload_id)}&token=${encodeURIComponent(u.token)}${extra}`;
}

async function create(client: ConsoleClient, key: string, size: number): Promise<Upload> {
  const { status, body } = await client.json<Upload>('POST', `/api/v1/buckets/${BUCKET}/multipart-uploads`, {
    json: { key, size, content_type: 'application/x-test' },
  });
  expect(status).toBe(200);
  return body;
}

async function putPart(client: ConsoleClient, u: Upload, n: number, data: Uint8Array) {
  return client.json<Part>(
    'PUT',
    `/api/v1/buckets/${BUCKET}/multipart-uploads/parts?${uploadQuery(u, `&part_number=${n}`)}`,
    {
      body: data,
      headers: { 'content-type': 'application/octet-stream' },
    },
  );
}

async function listParts(client: ConsoleClient, u: Upload) {
  return client.json<{ parts: Part[] }>(
    'GET',
    `/api/v1/buckets/${BUCKET}/multipart-uploads/parts?${uploadQuery(u)}`,
  );
}

/**
 * A part request sent by hand: `declared` bytes in Content-Length (or chunked when undefined),
 * only `sent` bytes actually written; then either wait for the answer or cut the connection.
 */
function rawPart(
  u: Upload,
  n: number,
  declared: number | undefined,
  sent: number,
  cut: boolean,
): Promise<{ status: number; body: string } | 'cut'> {
  const url = new URL(
    `${consoleApp.url}/api/v1/buckets/${BUCKET}/multipart-uploads/parts?${uploadQuery(u, `&part_number=${n}`)}`,
  );
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: {
        cookie: root.cookie ?? '',
        'content-type': 'application/octet-stream',
        ...(declared !== undefined ? { 'content-length': String(declared) } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (err) => (cut ? resolve('cut') : reject(err)));
    req.write(bytes(sent, 99), () => {
      if (cut) {
        // Give the console time to start streaming to the engine, then drop the connection.
        setImmediate(() => req.destroy());
      }
    });
  });
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url, { uploadPartSize: PART });
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
  expect((await root.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
  expect(
    (
      await root.json('POST', '/api/v1/users', {
        json: { accessKey: 'other-writer', secretKey: 'other-secret-1', policies: ['readwrite'] },
      })
    ).status,
  ).toBe(201);
  other = new ConsoleClient(consoleApp.url);
  await other.login('other-writer', 'other-secret-1');
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('resumable multipart upload', () => {
  const data = bytes(12 * MIB + 12345, 3);
  const slice = (n: number) => data.subarray((n - 1) * PART, Math.min(data.length, n * PART));
  let upload: Upload;

  it('creates an upload with the configured part size and a token', async () => {
    upload = await create(root, 'docs/big file.bin', data.length);
    expect(upload.key).toBe('docs/big file.bin');
    expect(upload.part_size).toBe(PART);
    expect(upload.upload_id).not.toBe('');
    expect(upload.token).toMatch(/^5242880\./);
  });

  it('stores parts sent out of order and lists exactly those', async () => {
    const third = await putPart(root, upload, 3, slice(3));
    expect(third.status).toBe(200);
    expect(third.body).toEqual({
      part_number: 3,
      etag: createHash('md5').update(slice(3)).digest('hex'),
      size: slice(3).length,
    });
    expect((await putPart(root, upload, 1, slice(1))).status).toBe(200);
    const { status, body } = await listParts(root, upload);
    expect(status).toBe(200);
    expect(body.parts.map((p) => [p.part_number, p.size])).toEqual([
      [1, PART],
      [3, slice(3).length],
    ]);
  });

  it('refuses a part larger than the part size before reading its body (413)', async () => {
    const answer = await rawPart(upload, 2, PART + 1, 1024, false);
    expect(answer).not.toBe('cut');
    if (answer === 'cut') return;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses a part without Content-Length (chunked)', async () => {
    const answer = await rawPart(upload, 2, undefined, 1024, false);
    expect(answer).not.toBe('cut');
    if (answer === 'cut') return;
    expect(answer.status).toBe(400);
  });

  it('stores nothing for a part whose request is cut off mid-way', async () => {
    expect(await rawPart(upload, 2, PART, 256 * 1024, true)).toBe('cut');
    const { body } = await listParts(root, upload);
    expect(body.parts.map((p) => p.part_number)).toEqual([1, 3]);
  });

  it('refuses every call of another account on the upload, even with its id and token', async () => {
    expect((await putPart(other, upload, 2, slice(2))).status).toBe(403);
    expect((await listParts(other, upload)).status).toBe(403);
    const complete = await other.json(
      'POST',
      `/api/v1/buckets/${BUCKET}/multipart-uploads/complete?${uploadQuery(upload)}`,
      {
        json: { parts: [{ part_number: 1, etag: 'x' }] },
      },
    );
    expect(complete.status).toBe(403);
    expect(
      (await other.request('DELETE', `/api/v1/buckets/${BUCKET}/multipart-uploads?${uploadQuery(upload)}`))
        .status,
    ).toBe(403);
  });

  it('refuses a forged token: another part size, another key', async () => {
    const mac = upload.token.split('.')[1] ?? '';
    expect((await putPart(root, { ...upload, token: `${100 * MIB}.${mac}` }, 2, slice(2))).status).toBe(403);
    expect((await listParts(root, { ...upload, key: 'docs/other.bin' })).status).toBe(403);
  });

  it('continues after a new sign-in of the same account and completes to the exact bytes', async () => {
    // A fresh session (new STS credentials): the upload and its token still belong to this account.
    expect((await root.request('POST', '/api/v1/logout')).status).toBeLessThan(300);
    await root.login(engine.accessKey, engine.secretKey);
    const missing = (await listParts(root, upload)).body.parts.map((p) => p.part_number);
    expect(missing).toEqual([1, 3]);
    const second = await putPart(root, upload, 2, slice(2));
    expect(second.status).toBe(200);
    const parts = (await listParts(root, upload)).body.parts;
    const done = await root.json<{ name: string; size: number; etag: string }>(
      'POST',
      `/api/v1/buckets/${BUCKET}/multipart-uploads/complete?${uploadQuery(upload)}`,
      { json: { parts: parts.map((p) => ({ part_number: p.part_number, etag: p.etag })) } },
    );
    expect(done.status).toBe(200);
    expect(done.body.name).toBe('docs/big file.bin');
    expect(done.body.size).toBe(data.length);
    expect(done.body.etag).toMatch(/-3$/);
    const res = await root.request(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects/download?prefix=${encodeURIComponent('docs/big file.bin')}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-test');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(data));
  });

  it('aborts an upload: its parts are gone and further parts are refused', async () => {
    const u = await create(root, 'docs/cancelled.bin', 7 * MIB);
    expect((await putPart(root, u, 1, bytes(PART, 5))).status).toBe(200);
    expect(
      (await root.request('DELETE', `/api/v1/buckets/${BUCKET}/multipart-uploads?${uploadQuery(u)}`)).status,
    ).toBe(204);
    const list = await listParts(root, u);
    expect(list.status).toBe(404);
    expect((await putPart(root, u, 2, bytes(1024, 6))).status).toBe(404);
    const objects = await root.json<{ objects: { name: string }[] }>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=docs/`,
    );
    expect(objects.body.objects.map((o) => o.name)).toEqual(['docs/big file.bin']);
  });

  it('sizes parts of a huge file to fit 10,000 parts', async () => {
    const u = await create(root, 'docs/huge.bin', 200 * 1024 * MIB);
    expect(u.part_size).toBe(21 * MIB);
    expect(u.part_size * 10_000).toBeGreaterThanOrEqual(200 * 1024 * MIB);
    expect(
      (await root.request('DELETE', `/api/v1/buckets/${BUCKET}/multipart-uploads?${uploadQuery(u)}`)).status,
    ).toBe(204);
  });

  it('describes the upload calls in the OpenAPI document', async () => {
    const { status, body } = await root.json<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/v1/openapi.json',
    );
    expect(status).toBe(200);
    expect(Object.keys(body.paths[`/api/v1/buckets/{bucket}/multipart-uploads/parts`] ?? {}).sort()).toEqual([
      'get',
      'put',
    ]);
    expect(Object.keys(body.paths[`/api/v1/buckets/{bucket}/multipart-uploads`] ?? {}).sort()).toEqual([
      'delete',
      'post',
    ]);
  });
});
