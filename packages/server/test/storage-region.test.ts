/**
 * The console follows the storage server's region (src/storage/storage-region.ts) against the real
 * engine: a console started with the default region (us-east-1) signs in; the engine's region is
 * then set through the console's configuration API and the engine restarted in place (admin
 * `service?action=restart`). The signed-in
 * session's next S3 calls are refused for the old region, the console switches once (logged once)
 * and retries: buckets are listed and made, files uploaded and downloaded, a share link works. A
 * second console, started with the default region after the change, signs in over STS (learning the
 * region from the refusal) and does the same. A resumable upload begun before the change loses its
 * first streamed part (not replayable) but the switch lets the retried part and the completion in. The engine is checked to really refuse us-east-1.
 */
import { Writable } from 'node:stream';
import { createAdminClient } from '@coffer/admin-client';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

const REGION = 'eu-coffer-7';
const PART = Buffer.from('one streamed part of a resumable upload\n'.repeat(100));

let engine: EngineHandle;
let first: RunningConsole;
let second: RunningConsole | undefined;
let client: ConsoleClient;
let third: RunningConsole;
let resumer: ConsoleClient;
let pending: { key: string; upload_id: string; token: string };
const firstLog: string[] = [];
const thirdLog: string[] = [];
const secondLog: string[] = [];

/** A pino destination keeping each line. */
function logInto(lines: string[]): { level: string; stream: Writable } {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { level: 'info', stream };
}

const switches = (lines: string[]) => lines.filter((l) => l.includes('the storage server expects region'));

async function upload(c: ConsoleClient, bucket: string, name: string, text: string) {
  const fd = new FormData();
  fd.append('file', new Blob([text], { type: 'text/plain' }), name);
  return c.json('POST', `/api/v1/buckets/${bucket}/objects/upload?prefix=`, { body: fd });
}

async function download(c: ConsoleClient, bucket: string, key: string) {
  const res = await c.request(
    'GET',
    `/api/v1/buckets/${bucket}/objects/download?prefix=${encodeURIComponent(key)}`,
  );
  return { status: res.status, text: await res.text() };
}

async function bucketNames(c: ConsoleClient): Promise<string[]> {
  const { status, body } = await c.json<{ buckets: { name: string }[] }>('GET', '/api/v1/buckets');
  expect(status).toBe(200);
  return body.buckets.map((b) => b.name);
}

/** Upload, download, share and fetch the shared link: the whole object path of one console. */
async function roundTrip(c: ConsoleClient, bucket: string, key: string, text: string) {
  expect((await upload(c, bucket, key, text)).status).toBe(200);
  expect(await download(c, bucket, key)).toEqual({ status: 200, text });
  const share = await c.json<string>(
    'GET',
    `/api/v1/buckets/${bucket}/objects/share?prefix=${encodeURIComponent(key)}&expires=3600000ms`,
  );
  expect(share.status).toBe(200);
  const link = new URL(share.body);
  expect(link.searchParams.get('X-Amz-Credential')).toContain(`/${REGION}/s3/aws4_request`);
  const fetched = await fetch(link);
  expect(fetched.status).toBe(200);
  expect(await fetched.text()).toBe(text);
}

/** A plain minio-js client of the engine's root signing for us-east-1 (no region following). */
function usEast1(): Client {
  const url = new URL(engine.url);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
}

beforeAll(async () => {
  engine = await startEngine();
  first = await startConsole(engine.url, { logger: logInto(firstLog) });
  client = new ConsoleClient(first.url);
  await client.login(engine.accessKey, engine.secretKey);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: 'before' } })).status).toBe(201);
  expect((await upload(client, 'before', 'a.txt', 'written in us-east-1')).status).toBe(200);
  // A resumable upload begun before the change (its parts are streamed, not replayable).
  third = await startConsole(engine.url, { logger: logInto(thirdLog) });
  resumer = new ConsoleClient(third.url);
  await resumer.login(engine.accessKey, engine.secretKey);
  const begun = await resumer.json<typeof pending>('POST', '/api/v1/buckets/before/multipart-uploads', {
    json: { key: 'resumed.bin', size: PART.length, content_type: 'application/octet-stream' },
  });
  expect(begun.status).toBe(200);
  pending = begun.body;
  // The region change, through the console's own configuration API, and the in-place restart.
  const set = await client.json<{ restart: boolean }>('PUT', '/api/v1/configs/region', {
    json: { key_values: [{ key: 'name', value: REGION }] },
  });
  expect(set).toEqual({ status: 200, body: { restart: true } });
  // The engine's own restart call (the console's restart route waits on the engine's uptime, which
  // cannot tell a restart from the old process while the engine is under a second or two old).
  const admin = createAdminClient({
    endpoint: engine.url,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
  });
  await admin.serviceRestart().catch((err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ECONNRESET' && code !== 'EPIPE') throw err;
  });
  // Wait for the state: the restarted engine enforcing its region (bounded).
  for (let i = 0; ; i += 1) {
    const err = (await usEast1()
      .getObject('before', 'a.txt')
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as { code?: string } | undefined;
    if (err?.code === 'AuthorizationHeaderMalformed') break;
    if (i === 600) throw new Error('the engine does not enforce its region after the restart');
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  await third?.close();
  await removeDir(third?.dataDir ?? '');
  await first?.close();
  await removeDir(first?.dataDir ?? '');
  await second?.close();
  await removeDir(second?.dataDir ?? '');
  await engine?.stop();
});

describe('the engine after the region change', () => {
  it('refuses S3 requests signed for us-east-1, naming its region', async () => {
    const s3 = usEast1();
    const err = (await s3.statObject('before', 'a.txt').catch((e: unknown) => e)) as { code?: string };
    // HEAD: no body, the code travels in x-minio-error-code.
    expect(err.code).toBe('AuthorizationHeaderMalformed');
    const got = (await s3.getObject('before', 'a.txt').catch((e: unknown) => e)) as {
      code?: string;
      region?: string;
      message?: string;
    };
    expect(got).toMatchObject({ code: 'AuthorizationHeaderMalformed', region: REGION });
    expect(got.message).toContain(`expecting '${REGION}'`);
  });
});

describe('a console signed in before the change', () => {
  it('has not switched yet', () => {
    expect(switches(firstLog)).toEqual([]);
  });

  it('uploads (its first S3 call refused), switching to the new region once; reads what was there', async () => {
    expect((await upload(client, 'before', 'first.txt', 'first call after the change')).status).toBe(200);
    expect(await download(client, 'before', 'a.txt')).toEqual({ status: 200, text: 'written in us-east-1' });
    expect(await download(client, 'before', 'first.txt')).toEqual({
      status: 200,
      text: 'first call after the change',
    });
    const logged = switches(firstLog);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({ from: 'us-east-1', to: REGION });
  });

  it('lists and makes buckets, uploads, downloads and shares in the new region', async () => {
    expect(await bucketNames(client)).toEqual(['before']);
    expect((await client.json('POST', '/api/v1/buckets', { json: { name: 'after' } })).status).toBe(201);
    expect(await bucketNames(client)).toEqual(['after', 'before']);
    await roundTrip(client, 'after', 'b.txt', 'written after the switch');
    expect(switches(firstLog)).toHaveLength(1);
  });
});

describe('a console started with the default region after the change', () => {
  it('signs in over STS, lists, uploads, downloads and shares', async () => {
    second = await startConsole(engine.url, { logger: logInto(secondLog) });
    const fresh = new ConsoleClient(second.url);
    await fresh.login(engine.accessKey, engine.secretKey);
    // Signed in with temporary STS credentials, not with the keys themselves.
    const me = await fresh.json<{ capabilities: { sts: boolean } }>('GET', '/api/v1/session');
    expect(me.status).toBe(200);
    expect(me.body.capabilities.sts).toBe(true);
    const logged = switches(secondLog);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({ from: 'us-east-1', to: REGION });
    expect(await bucketNames(fresh)).toEqual(['after', 'before']);
    await roundTrip(fresh, 'before', 'c.txt', 'written by the second console');
    expect(switches(secondLog)).toHaveLength(1);
  });
});

describe('a resumable upload begun before the change', () => {
  const partQuery = () =>
    `key=${encodeURIComponent(pending.key)}&upload_id=${encodeURIComponent(pending.upload_id)}` +
    `&token=${encodeURIComponent(pending.token)}`;
  const putPart = () =>
    resumer.json<{ etag: string }>(
      'PUT',
      `/api/v1/buckets/before/multipart-uploads/parts?${partQuery()}&part_number=1`,
      {
        body: PART,
        headers: { 'content-type': 'application/octet-stream' },
      },
    );

  it('loses the streamed part refused for the old region, switches, and the retried part goes in', async () => {
    expect((await putPart()).status).not.toBe(200);
    expect(switches(thirdLog)).toHaveLength(1);
    const part = await putPart();
    expect(part.status).toBe(200);
    const done = await resumer.json(
      'POST',
      `/api/v1/buckets/before/multipart-uploads/complete?${partQuery()}`,
      {
        json: { parts: [{ part_number: 1, etag: part.body.etag }] },
      },
    );
    expect(done.status).toBe(200);
    const got = await resumer.request('GET', '/api/v1/buckets/before/objects/download?prefix=resumed.bin');
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PART)).toBe(true);
    expect(switches(thirdLog)).toHaveLength(1);
  });
});
