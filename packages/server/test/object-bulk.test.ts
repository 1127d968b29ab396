/**
 * Bulk object transfers through the console against the real engine (issue 9 §5, §6): a folder of
 * 2,000 files as one ZIP listed by `unzip -l` with the right names and sizes; an object that
 * disappears while the archive is being written is named in the archive's ERRORS.txt, and so is
 * one whose transfer breaks (a relay cuts the connection) while the archive stays readable; the form
 * post is refused from another origin; a delete of 10,000 objects streams its progress and ends
 * with exactly 10,000; versions under object lock are reported failed with the server's reason.
 */
import { execFile as execFileCb } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

const execFile = promisify(execFileCb);

// unzip reads the archives: installed through apt when running as root, else a failure naming it.
const systemDeps = (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts/system-deps.mjs')).href)) as {
  ensureSystemDeps(options: { needs: string[]; log: (line: string) => void }): Promise<unknown>;
};
await systemDeps.ensureSystemDeps({ needs: ['unzip'], log: () => {} });

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let s3: Client;
let tmp: string;

interface ProgressLine {
  type: 'progress' | 'done';
  deleted: number;
  failed: number;
  errors?: { path: string; version_id?: string; code: string; message: string }[];
}

/** Run `jobs` with at most `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, job: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await job(item);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/** `unzip -l` of an archive: name → size. */
async function unzipList(file: string): Promise<Map<string, number>> {
  const { stdout } = await execFile('unzip', ['-l', file], { maxBuffer: 64 * 1024 * 1024 });
  const entries = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const m = /^\s*(\d+)\s+\d{2,4}-\d{2}-\d{2,4}\s+\d{2}:\d{2}\s+(.+)$/.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined) entries.set(m[2], Number(m[1]));
  }
  return entries;
}

async function saveZip(res: Response, name: string): Promise<string> {
  const file = path.join(tmp, name);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

function form(base: string, paths: string[]): URLSearchParams {
  const f = new URLSearchParams({ base });
  for (const p of paths) f.append('paths', p);
  return f;
}

async function progressLines(res: Response): Promise<ProgressLine[]> {
  expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as ProgressLine);
}

beforeAll(async () => {
  engine = await startEngine({ drives: 1 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  s3 = s3Client(engine.url, engine);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'coffer-bulk-'));
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
  await removeDir(tmp ?? '');
});

describe('ZIP downloads', () => {
  it('streams a folder of 2,000 files that unzip lists with the right sizes', async () => {
    await s3.makeBucket('zip-bucket');
    const names = Array.from(
      { length: 2000 },
      (_, i) => `photos/set-${i % 7}/file-${String(i).padStart(4, '0')}.txt`,
    );
    const sizeOf = (i: number): number => (i * 37) % 1500;
    await inParallel(
      names.map((n, i) => [n, i] as const),
      32,
      ([name, i]) => s3.putObject('zip-bucket', name, Buffer.alloc(sizeOf(i), i % 251)),
    );
    await s3.putObject('zip-bucket', 'elsewhere.txt', 'not selected');

    const res = await client.request('POST', '/api/v1/buckets/zip-bucket/objects/download-zip', {
      body: form('', ['photos/']),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="photos.zip"');
    const file = await saveZip(res, 'photos.zip');
    const listed = await unzipList(file);
    expect(listed.size).toBe(2000);
    names.forEach((name, i) => expect(listed.get(name), name).toBe(sizeOf(i)));
    expect(listed.has('ERRORS.txt')).toBe(false);
    // The bytes too, not only the directory.
    const { stdout } = await execFile('unzip', ['-p', file, names[1234] ?? ''], { encoding: 'buffer' });
    expect(Buffer.compare(stdout, Buffer.alloc(sizeOf(1234), 1234 % 251))).toBe(0);
    await execFile('unzip', ['-tq', file]);
  }, 300_000);

  it('names a selection relative to the folder the user is in, as JSON too', async () => {
    const res = await client.request('POST', '/api/v1/buckets/zip-bucket/objects/download-zip', {
      json: {
        base: 'photos/',
        paths: ['photos/set-1/', 'photos/set-2/file-0002.txt', 'photos/set-1/file-0001.txt'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="zip-bucket.zip"');
    const listed = await unzipList(await saveZip(res, 'selection.zip'));
    // set-1 holds indices ≡ 1 (mod 7); the file inside the selected folder is not there twice.
    expect(listed.size).toBe(Math.ceil((2000 - 1) / 7) + 1);
    expect(listed.get('set-2/file-0002.txt')).toBe(74);
    expect(listed.get('set-1/file-0001.txt')).toBe(37);
  });

  it('lists an object that disappears mid-archive in ERRORS.txt', async () => {
    await s3.makeBucket('zip-gone');
    // The first file is far bigger than every buffer between the server and this test, so the
    // archive is still on it when the second one is deleted.
    const big = Buffer.alloc(96 * 1024 * 1024, 'coffer');
    await s3.putObject('zip-gone', 'a-big.bin', big);
    await s3.putObject('zip-gone', 'b-gone.txt', 'soon gone');
    await s3.putObject('zip-gone', 'c-kept.txt', 'kept');

    const res = await client.request('POST', '/api/v1/buckets/zip-gone/objects/download-zip', {
      json: { paths: ['a-big.bin', 'b-gone.txt', 'c-kept.txt'] },
    });
    expect(res.status).toBe(200);
    await s3.removeObject('zip-gone', 'b-gone.txt');
    const file = await saveZip(res, 'gone.zip');
    const listed = await unzipList(file);
    expect([...listed.keys()]).toEqual(['a-big.bin', 'c-kept.txt', 'ERRORS.txt']);
    expect(listed.get('a-big.bin')).toBe(big.length);
    const { stdout } = await execFile('unzip', ['-p', file, 'ERRORS.txt']);
    expect(stdout).toMatch(/^1 object\(s\) of this download failed:/);
    expect(stdout).toMatch(/b-gone\.txt: not in the archive \(NoSuchKey/);
  }, 120_000);

  it('answers a missing bucket with an error, not an archive', async () => {
    const res = await client.request('POST', '/api/v1/buckets/no-such-bucket/objects/download-zip', {
      json: { paths: ['folder/'] },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it("refuses a form post from another site's page", async () => {
    const res = await client.request('POST', '/api/v1/buckets/zip-bucket/objects/download-zip', {
      body: form('', ['photos/']),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.status).toBe(403);
  });
});

describe('a transfer that breaks mid-way', () => {
  /**
   * A TCP relay between the console and the engine that cuts any connection once the engine has
   * sent it more than `limit` bytes: a real broken transfer in the middle of a big object.
   */
  async function cuttingRelay(target: URL, limit: number): Promise<{ url: string; close(): Promise<void> }> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      sockets.add(client).add(upstream);
      let sent = 0;
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        if (sent > limit) {
          client.destroy();
          upstream.destroy();
        } else client.write(chunk);
      });
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    return {
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        for (const s of sockets) s.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it('keeps the archive readable, the object truncated, and says so in ERRORS.txt', async () => {
    await s3.makeBucket('zip-broken');
    const big = Buffer.alloc(8 * 1024 * 1024, 'broken');
    await s3.putObject('zip-broken', 'a-big.bin', big);
    await s3.putObject('zip-broken', 'b-after.txt', 'after the break');
    const relay = await cuttingRelay(new URL(engine.url), 2 * 1024 * 1024);
    const viaRelay = await startConsole(relay.url);
    try {
      const c = new ConsoleClient(viaRelay.url);
      await c.login(engine.accessKey, engine.secretKey);
      const res = await c.request('POST', '/api/v1/buckets/zip-broken/objects/download-zip', {
        json: { paths: ['a-big.bin', 'b-after.txt'] },
      });
      expect(res.status).toBe(200);
      const file = await saveZip(res, 'broken.zip');
      await execFile('unzip', ['-tq', file]);
      const listed = await unzipList(file);
      expect([...listed.keys()]).toEqual(['a-big.bin', 'b-after.txt', 'ERRORS.txt']);
      expect(listed.get('a-big.bin')).toBeLessThan(big.length);
      expect(listed.get('b-after.txt')).toBe('after the break'.length);
      const { stdout } = await execFile('unzip', ['-p', file, 'ERRORS.txt']);
      expect(stdout).toContain(
        `a-big.bin: transfer failed after ${listed.get('a-big.bin')} bytes, the file in the archive is incomplete`,
      );
    } finally {
      await viaRelay.close();
      await removeDir(viaRelay.dataDir);
      await relay.close();
    }
  }, 120_000);
});

describe('delete with progress', () => {
  it('deletes 10,000 objects in batches, streaming counts up to exactly 10,000', async () => {
    await s3.makeBucket('bulk-delete');
    const names = Array.from({ length: 10_000 }, (_, i) => `many/${String(i).padStart(5, '0')}`);
    await inParallel(names, 64, (name) => s3.putObject('bulk-delete', name, 'x'));
    await s3.putObject('bulk-delete', 'keep/me', 'stays');

    const res = await client.request('POST', '/api/v1/buckets/bulk-delete/delete-objects/progress', {
      json: [{ path: 'many/', recursive: true }],
    });
    expect(res.status).toBe(200);
    const lines = await progressLines(res);
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress.map((l) => l.deleted)).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 1000));
    expect(lines.at(-1)).toEqual({ type: 'done', deleted: 10_000, failed: 0, errors: [] });
    const left = await client.json<{ objects: { name: string }[] }>(
      'GET',
      '/api/v1/buckets/bulk-delete/objects?recursive=true',
    );
    expect(left.body.objects.map((o) => o.name)).toEqual(['keep/me']);
  }, 600_000);

  it('answers a failure before the first batch as an ordinary error', async () => {
    const res = await client.request('POST', '/api/v1/buckets/no-such-bucket/delete-objects/progress', {
      json: [{ path: 'folder/', recursive: true }],
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('reports versions under object lock as failed, with the server reason', async () => {
    expect(
      (await client.json('POST', '/api/v1/buckets', { json: { name: 'locked-bulk', locking: true } })).status,
    ).toBe(201);
    const until = new Date(Date.now() + 24 * 3600 * 1000);
    const free = await s3.putObject('locked-bulk', 'free.txt', 'free');
    const held = await s3.putObject('locked-bulk', 'held.txt', 'held');
    await s3.putObjectRetention('locked-bulk', 'held.txt', {
      mode: 'COMPLIANCE',
      retainUntilDate: until.toISOString(),
      versionId: held.versionId ?? '',
    });
    expect(free.versionId).toMatch(/./);
    expect(held.versionId).toMatch(/./);
    const res = await client.request('POST', '/api/v1/buckets/locked-bulk/delete-objects/progress', {
      json: [
        { path: 'free.txt', versionID: free.versionId ?? '' },
        { path: 'held.txt', versionID: held.versionId ?? '' },
      ],
    });
    const done = (await progressLines(res)).at(-1);
    expect(done).toMatchObject({ type: 'done', deleted: 1, failed: 1 });
    expect(done?.errors).toEqual([
      {
        path: 'held.txt',
        version_id: held.versionId,
        code: 'AccessDenied',
        message: expect.stringMatching(/object lock/i) as unknown as string,
      },
    ]);
    // The locked version is still there.
    const stat = await s3.statObject('locked-bulk', 'held.txt', { versionId: held.versionId ?? '' });
    expect(stat.size).toBe(4);
  });
});
