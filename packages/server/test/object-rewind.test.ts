/**
 * Rewind against the real engine (issue 9 §2, spec 2 §4 "Rewind"): a folder as it was at a date —
 * each key's newest version at or before it, a delete marker there shown as deleted, keys written
 * later absent, sub-folders as folders — through the console API, paged with continuations; the
 * service reading the engine's version listing of that folder only (prefix and delimiter), with
 * S3 pages that split a key's versions.
 */
import { createHash } from 'node:crypto';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewindObjects } from '../src/routes/objects/rewind-service.js';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let s3: Client;

const BUCKET = 'rewind-bucket';

interface RewindEntry {
  name: string;
  size?: number;
  last_modified?: string;
  version_id?: string;
  delete_flag?: boolean;
}

/** After this returns, anything written gets a later timestamp than `Date.now()` at the call. */
async function nextInstant(): Promise<Date> {
  const at = new Date();
  // Timestamps are kept to the millisecond; step past it (sequencing, not a timed check).
  await new Promise((r) => setTimeout(r, 20));
  return at;
}

async function put(key: string, body: string): Promise<void> {
  await s3.putObject(BUCKET, key, Buffer.from(body));
}

async function rewind(date: Date, prefix: string, limit = 1000): Promise<RewindEntry[]> {
  const all: RewindEntry[] = [];
  let continuation: string | undefined;
  let pages = 0;
  do {
    const q = new URLSearchParams({ prefix, limit: String(limit) });
    if (continuation !== undefined) q.set('continuation', continuation);
    const { status, body } = await client.json<{ objects: RewindEntry[]; continuation?: string }>(
      'GET',
      `/api/v1/buckets/${BUCKET}/rewind/${encodeURIComponent(date.toISOString())}?${q.toString()}`,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.objects.length).toBeLessThanOrEqual(limit);
    all.push(...body.objects);
    continuation = body.continuation;
    pages++;
    expect(pages).toBeLessThan(200);
  } while (continuation !== undefined);
  return all;
}

const summary = (entries: RewindEntry[]) =>
  entries.map(
    (e) =>
      `${e.name}${e.delete_flag === true ? ' (deleted)' : ''}${e.size !== undefined ? ` ${e.size}` : ''}`,
  );

let beforeAll_: Date;
let afterFirst: Date;
let afterSecond: Date;

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  expect(
    (await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET, versioning: true } })).status,
  ).toBe(201);
  s3 = s3Client(engine.url, engine);
  beforeAll_ = await nextInstant();
  await put('docs/keep.txt', 'k1');
  await put('docs/gone.txt', 'g1');
  await put('docs/sub/x.txt', 'x');
  await put('docs/', '');
  await put('other/y.txt', 'y');
  afterFirst = await nextInstant();
  await put('docs/keep.txt', 'k2-longer');
  await s3.removeObject(BUCKET, 'docs/gone.txt');
  await put('docs/new.txt', 'n');
  afterSecond = await nextInstant();
  await put('docs/keep.txt', 'k3-longest!');
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('rewind', () => {
  it('shows each key as it was: the version then, deleted keys flagged, later keys absent', async () => {
    expect(summary(await rewind(afterFirst, 'docs/'))).toEqual([
      'docs/sub/',
      'docs/gone.txt 2',
      'docs/keep.txt 2',
    ]);
    expect(summary(await rewind(afterSecond, 'docs/'))).toEqual([
      'docs/sub/',
      'docs/gone.txt (deleted)',
      'docs/keep.txt 9',
      'docs/new.txt 1',
    ]);
    const now = await rewind(new Date(Date.now() + 60_000), 'docs/');
    expect(summary(now)).toEqual([
      'docs/sub/',
      'docs/gone.txt (deleted)',
      'docs/keep.txt 11',
      'docs/new.txt 1',
    ]);
    // Before anything was written: no objects, the folder as a folder.
    expect(summary(await rewind(beforeAll_, 'docs/'))).toEqual(['docs/sub/']);
    // The bucket root: folders only here.
    expect(summary(await rewind(afterFirst, ''))).toEqual(['docs/', 'other/']);
  });

  it('answers the version of that date, with its id and date', async () => {
    const [keep] = (await rewind(afterFirst, 'docs/')).filter((e) => e.name === 'docs/keep.txt');
    expect(keep?.version_id).toMatch(/.+/);
    expect(Date.parse(keep?.last_modified ?? '')).toBeLessThanOrEqual(afterFirst.getTime());
    const stat = await s3.statObject(BUCKET, 'docs/keep.txt', { versionId: keep?.version_id ?? '' });
    expect(stat.size).toBe(2);
  });

  it('pages with continuations, never splitting or repeating a key', async () => {
    const whole = await rewind(afterSecond, 'docs/');
    for (const limit of [1, 2, 3]) {
      const paged = await rewind(afterSecond, 'docs/', limit);
      expect(new Set(paged.map((e) => e.name))).toEqual(new Set(whole.map((e) => e.name)));
      expect(paged).toHaveLength(whole.length);
    }
  });

  it('refuses a date that is not ISO 8601 and a continuation of another listing', async () => {
    expect(
      (await client.json('GET', `/api/v1/buckets/${BUCKET}/rewind/yesterday?prefix=docs%2F`)).status,
    ).toBe(400);
    const { status, body } = await client.json<{ code: string }>(
      'GET',
      `/api/v1/buckets/${BUCKET}/rewind/${afterFirst.toISOString()}?prefix=docs%2F&continuation=eyJtIjoicGFnZSJ9`,
    );
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
  });

  it('reads only the folder: one listing request with prefix and delimiter, whatever is beside it', async () => {
    // 300 keys × 3 versions beside the folder, and keys × versions that split S3 pages inside it.
    for (let i = 0; i < 300; i++) await put(`bulk/k${String(i).padStart(3, '0')}`, 'a');
    let midMany = new Date();
    for (let v = 0; v < 3; v++) {
      for (let i = 0; i < 12; i++) await put(`many/k${String(i).padStart(2, '0')}`, `v${v}`);
      if (v === 1) midMany = await nextInstant();
    }
    const queries: string[] = [];
    const counting = new Proxy(s3, {
      get(target, property, receiver) {
        if (property === 'makeRequestAsync') {
          return (options: { query?: string }, ...rest: unknown[]) => {
            queries.push(options.query ?? '');
            return (target.makeRequestAsync as (...a: unknown[]) => unknown).call(target, options, ...rest);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const answer = await rewindObjects(counting, BUCKET, {
      prefix: 'docs/',
      date: new Date(Date.now() + 60_000),
      limit: 1000,
    });
    expect(answer.objects.map((o) => o.name)).toEqual([
      'docs/sub/',
      'docs/gone.txt',
      'docs/keep.txt',
      'docs/new.txt',
    ]);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('versions');
    expect(queries[0]).toContain('prefix=docs%2F');
    expect(queries[0]).toContain('delimiter=%2F');

    // Answers of 5 versions read each split keys (3 versions each): every key once, with the
    // version of the date — the newest now, the second one between the second and third writes.
    const keys = Array.from({ length: 12 }, (_, i) => `many/k${String(i).padStart(2, '0')}`);
    for (const [date, latest] of [
      [new Date(Date.now() + 60_000), true],
      [midMany, false],
    ] as const) {
      queries.length = 0;
      const all: string[] = [];
      let continuation: string | undefined;
      do {
        const page = await rewindObjects(counting, BUCKET, {
          prefix: 'many/',
          date,
          limit: 5,
          pageSize: 5,
          ...(continuation !== undefined ? { continuation } : {}),
        });
        expect(page.objects.length).toBeLessThanOrEqual(5);
        for (const o of page.objects) {
          all.push(o.name);
          expect(o.is_latest).toBe(latest);
        }
        continuation = page.continuation;
      } while (continuation !== undefined);
      expect(all).toEqual(keys);
      // One S3 page of at most 5 versions per answer: 36 versions, never the bucket's 300+ keys.
      expect(queries.length).toBeLessThanOrEqual(9);
      for (const q of queries) {
        expect(q).toContain('prefix=many%2F');
        expect(q).toContain('max-keys=5');
      }
    }
    const [second] = (await rewindObjects(s3, BUCKET, { prefix: 'many/', date: midMany, limit: 1 })).objects;
    const stat = await s3.statObject(BUCKET, 'many/k00', { versionId: second?.version_id ?? '' });
    expect(stat.etag).toBe(createHash('md5').update('v1').digest('hex'));

    // A bounded answer: a folder of 3-version keys answers one S3 page (1,000 versions) at most.
    for (let v = 0; v < 3; v++) {
      await Promise.all(
        Array.from({ length: 400 }, (_, i) => put(`wide/k${String(i).padStart(3, '0')}`, `v${v}`)),
      );
    }
    queries.length = 0;
    const first = await rewindObjects(counting, BUCKET, {
      prefix: 'wide/',
      date: new Date(Date.now() + 60_000),
      limit: 1000,
    });
    expect(queries).toHaveLength(1);
    expect(first.objects.length).toBeGreaterThanOrEqual(333);
    expect(first.objects.length).toBeLessThanOrEqual(334);
    expect(first.continuation).toBeDefined();
  });
});
