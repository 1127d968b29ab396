/**
 * Objects through the console against the real engine: a multipart upload of three files (one of
 * 50 MiB, sent in upload parts), folder listing (folders first), pages with continuations, the
 * server-side name search, downloads (byte-identical, Range, RFC 5987 file names), versions and
 * delete markers, and deletes with exact outcomes (single, recursive, all versions,
 * delete-objects).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;

interface ObjectEntry {
  name: string;
  size?: number;
  etag?: string;
  version_id?: string;
  is_latest?: boolean;
  is_delete_marker?: boolean;
  content_type?: string;
  user_metadata?: Record<string, string>;
}
interface ObjectList {
  objects: ObjectEntry[];
  continuation?: string;
  scanned?: number;
}
interface Outcome {
  deleted: number;
  failed: number;
  errors: unknown[];
}

const BUCKET = 'objects-bucket';
const VERSIONED = 'versions-bucket';
const BIG = 50 * 1024 * 1024;

/** Deterministic, incompressible-looking bytes. */
function bytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, i);
  }
  return out;
}

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

async function listAll(path: string): Promise<ObjectEntry[]> {
  const all: ObjectEntry[] = [];
  let continuation: string | undefined;
  do {
    const q = continuation ? `${path}&continuation=${encodeURIComponent(continuation)}` : path;
    const { status, body } = await client.json<ObjectList>('GET', q);
    expect(status).toBe(200);
    all.push(...body.objects);
    continuation = body.continuation;
  } while (continuation);
  return all;
}

async function upload(
  bucket: string,
  prefix: string,
  files: { field?: string; name: string; data: Uint8Array; type?: string }[],
) {
  const fd = new FormData();
  for (const f of files)
    fd.append(f.field ?? 'file', new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name);
  return client.json<{ uploaded: { name: string; size: number; etag: string; version_id?: string }[] }>(
    'POST',
    `/api/v1/buckets/${bucket}/objects/upload?prefix=${encodeURIComponent(prefix)}`,
    { body: fd },
  );
}

const big = bytes(BIG, 7);

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  // Small upload parts so the 50 MiB file goes as a multipart upload of several parts.
  consoleApp = await startConsole(engine.url, { uploadPartSize: 8 * 1024 * 1024 });
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
  expect(
    (await client.json('POST', '/api/v1/buckets', { json: { name: VERSIONED, versioning: true } })).status,
  ).toBe(201);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('upload and download', () => {
  it('uploads three files in one multipart form, one of 50 MiB', async () => {
    const { status, body } = await upload(BUCKET, 'docs/', [
      { name: 'small.txt', data: Buffer.from('hello console'), type: 'text/plain' },
      { name: 'nested/readme.md', data: Buffer.from('# readme') },
      { field: String(BIG), name: 'big.bin', data: big },
    ]);
    expect(status).toBe(200);
    expect(body.uploaded.map((u) => [u.name, u.size])).toEqual([
      ['docs/small.txt', 13],
      ['docs/nested/readme.md', 8],
      ['docs/big.bin', BIG],
    ]);
    // A multipart upload's ETag is "<md5 of part md5s>-<parts>".
    expect(body.uploaded[2]?.etag).toMatch(/-\d+$/);
    expect(body.uploaded[0]?.etag).toBe(createHash('md5').update('hello console').digest('hex'));
  });

  it('lists a folder: folders first, then files, with sizes', async () => {
    const { status, body } = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=docs/`,
    );
    expect(status).toBe(200);
    expect(body.objects.map((o) => [o.name, o.size])).toEqual([
      ['docs/nested/', undefined],
      ['docs/big.bin', BIG],
      ['docs/small.txt', 13],
    ]);
    expect(body.continuation).toBeUndefined();
    const root = await client.json<ObjectList>('GET', `/api/v1/buckets/${BUCKET}/objects`);
    expect(root.body.objects.map((o) => o.name)).toEqual(['docs/']);
  });

  it('lists with metadata (content type) and recursively', async () => {
    const { body } = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=docs/&with_metadata=true&recursive=true`,
    );
    expect(body.objects.map((o) => o.name)).toEqual([
      'docs/big.bin',
      'docs/nested/readme.md',
      'docs/small.txt',
    ]);
    expect(body.objects.find((o) => o.name === 'docs/small.txt')?.content_type).toBe('text/plain');
  });

  it('downloads the 50 MiB file byte-identical, streamed with length and disposition', async () => {
    const res = await client.request('GET', `/api/v1/buckets/${BUCKET}/objects/download?prefix=docs/big.bin`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(BIG));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="big.bin"; filename*=UTF-8''big.bin`,
    );
    const hash = createHash('sha256');
    let n = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      n += chunk.length;
    }
    expect(n).toBe(BIG);
    expect(hash.digest('hex')).toBe(sha256(big));
  });

  it('answers a Range with 206 and exactly those bytes', async () => {
    const res = await client.request(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects/download?prefix=docs/big.bin`,
      {
        headers: { range: 'bytes=1000-1999' },
      },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${BIG}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(big.subarray(1000, 2000))).toBe(true);
  });

  it('names non-ASCII files with RFC 5987 and an ASCII fallback', async () => {
    const name = 'résumé "v1".txt';
    expect((await upload(BUCKET, 'names/', [{ name, data: Buffer.from('cv') }])).status).toBe(200);
    const res = await client.request(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects/download?prefix=${encodeURIComponent(`names/${name}`)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ _v1_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22v1%22.txt`,
    );
    expect(await res.text()).toBe('cv');
  });

  it('answers a missing object with 404', async () => {
    const { status, body } = await client.json(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects/download?prefix=docs/nope`,
    );
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it('refuses an upload that is not multipart', async () => {
    const { status } = await client.json('POST', `/api/v1/buckets/${BUCKET}/objects/upload`, {
      json: { a: 1 },
    });
    expect(status).toBe(400);
  });
});

describe('pages and search', () => {
  const FILES = Array.from({ length: 25 }, (_, i) => `file-${String(i).padStart(2, '0')}.txt`);

  beforeAll(async () => {
    const { status } = await upload(
      BUCKET,
      'many/',
      FILES.map((name) => ({ name, data: Buffer.from(name) })),
    );
    expect(status).toBe(200);
  });

  it('pages a folder with continuations until every entry is seen once', async () => {
    const first = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=many/&limit=10`,
    );
    expect(first.body.objects).toHaveLength(10);
    expect(first.body.continuation).toBeDefined();
    const all = await listAll(`/api/v1/buckets/${BUCKET}/objects?prefix=many/&limit=10`);
    expect(all.map((o) => o.name)).toEqual(FILES.map((f) => `many/${f}`));
  });

  it('refuses a continuation of another kind of listing', async () => {
    const first = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=many/&limit=10`,
    );
    const { status, body } = await client.json(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=many/&limit=10&search=x&continuation=${encodeURIComponent(first.body.continuation ?? '')}`,
    );
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
  });

  it('searches the subtree by name, case-insensitively, in pages', async () => {
    const one = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=&search=FILE-1&limit=4`,
    );
    expect(one.status).toBe(200);
    expect(one.body.objects.map((o) => o.name)).toEqual([
      'many/file-10.txt',
      'many/file-11.txt',
      'many/file-12.txt',
      'many/file-13.txt',
    ]);
    expect(one.body.continuation).toBeDefined();
    const all = await listAll(`/api/v1/buckets/${BUCKET}/objects?prefix=&search=FILE-1&limit=4`);
    expect(all.map((o) => o.name)).toEqual(
      FILES.filter((f) => f.startsWith('file-1')).map((f) => `many/${f}`),
    );

    const nested = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects?prefix=docs/&search=readme`,
    );
    expect(nested.body.objects.map((o) => o.name)).toEqual(['docs/nested/readme.md']);
    expect(nested.body.continuation).toBeUndefined();
    expect(nested.body.scanned).toBe(3);

    // The prefix itself is not searched: "docs" matches no name below docs/.
    expect(
      (await client.json<ObjectList>('GET', `/api/v1/buckets/${BUCKET}/objects?prefix=docs/&search=docs`))
        .body.objects,
    ).toEqual([]);
  });
});

describe('versions and deletes', () => {
  it('lists versions and delete markers of a versioned bucket', async () => {
    await upload(VERSIONED, 'v/', [{ name: 'doc.txt', data: Buffer.from('one') }]);
    await upload(VERSIONED, 'v/', [{ name: 'doc.txt', data: Buffer.from('two!') }]);
    const versions = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects?prefix=v/&with_versions=true`,
    );
    expect(versions.body.objects.map((o) => [o.name, o.size, o.is_latest, o.is_delete_marker])).toEqual([
      ['v/doc.txt', 4, true, false],
      ['v/doc.txt', 3, false, false],
    ]);
    const older = versions.body.objects[1]?.version_id ?? '';
    const old = await client.request(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects/download?prefix=v/doc.txt&version_id=${older}`,
    );
    expect(await old.text()).toBe('one');

    expect(await client.json('DELETE', `/api/v1/buckets/${VERSIONED}/objects?path=v/doc.txt`)).toEqual({
      status: 200,
      body: { deleted: 1, failed: 0, errors: [] },
    });
    const after = await client.json<ObjectList>(
      'GET',
      `/api/v1/buckets/${VERSIONED}/objects?prefix=v/&with_versions=true`,
    );
    expect(after.body.objects.map((o) => [o.is_latest, o.is_delete_marker])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(
      (await client.json<ObjectList>('GET', `/api/v1/buckets/${VERSIONED}/objects?prefix=v/`)).body.objects,
    ).toEqual([]);
  });

  it('deletes every version under a prefix with all_versions and counts each', async () => {
    await upload(VERSIONED, 'w/', [{ name: 'a', data: Buffer.from('1') }]);
    await upload(VERSIONED, 'w/', [
      { name: 'a', data: Buffer.from('2') },
      { name: 'b', data: Buffer.from('3') },
    ]);
    const outcome = await client.json<Outcome>(
      'DELETE',
      `/api/v1/buckets/${VERSIONED}/objects?path=v/&recursive=true&all_versions=true`,
    );
    expect(outcome.body).toEqual({ deleted: 3, failed: 0, errors: [] });
    const w = await client.json<Outcome>(
      'DELETE',
      `/api/v1/buckets/${VERSIONED}/objects?path=w/&recursive=true&all_versions=true`,
    );
    expect(w.body).toEqual({ deleted: 3, failed: 0, errors: [] });
    expect(
      (
        await client.json<ObjectList>(
          'GET',
          `/api/v1/buckets/${VERSIONED}/objects?prefix=&with_versions=true&recursive=true`,
        )
      ).body.objects,
    ).toEqual([]);
  });

  it('deletes a folder recursively and reports the exact count', async () => {
    const outcome = await client.json<Outcome>(
      'DELETE',
      `/api/v1/buckets/${BUCKET}/objects?path=many/&recursive=true`,
    );
    expect(outcome).toEqual({ status: 200, body: { deleted: 25, failed: 0, errors: [] } });
    expect(
      (await client.json<ObjectList>('GET', `/api/v1/buckets/${BUCKET}/objects?prefix=many/`)).body.objects,
    ).toEqual([]);
  });

  it('delete-objects takes the spec list of {path, versionID, recursive}', async () => {
    const outcome = await client.json<Outcome>('POST', `/api/v1/buckets/${BUCKET}/delete-objects`, {
      json: [
        { path: 'docs/small.txt', versionID: '', recursive: false },
        { path: 'docs/nested/', recursive: true },
      ],
    });
    expect(outcome).toEqual({ status: 200, body: { deleted: 2, failed: 0, errors: [] } });
    const left = await client.json<ObjectList>('GET', `/api/v1/buckets/${BUCKET}/objects?prefix=docs/`);
    expect(left.body.objects.map((o) => o.name)).toEqual(['docs/big.bin']);
  });

  it('a delete in a missing bucket is a 404, not a success', async () => {
    const { status, body } = await client.json(
      'DELETE',
      '/api/v1/buckets/no-such-bucket/objects?path=x/&recursive=true',
    );
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });
});
