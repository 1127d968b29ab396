/**
 * The heal calls against the fake server: paths, flags and bodies as madmin sends them, the
 * keep-alive spaces before a start's document and an error document after them, status keys in
 * either case; and the health colours of MinIO's table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../src/admin-client.js';
import { AdminApiError } from '../src/errors.js';
import { healColor, healItemColors, type HealResultItem } from '../src/heal.js';
import { sendJson, startFakeAdminServer, type FakeAdminServer } from './fake-admin-server.js';

const SECRET = 'secret-key-heal';
let fake: FakeAdminServer;

beforeAll(async () => {
  fake = await startFakeAdminServer(SECRET);
});
afterAll(async () => {
  await fake.close();
});

const client = () => createAdminClient({ endpoint: fake.endpoint, accessKey: 'AKHEAL', secretKey: SECRET });

describe('heal calls', () => {
  it('starts with the HealOpts body and forceStart, after keep-alive spaces', async () => {
    fake.handle((_s, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(' ');
      res.end(' {"clientToken":"tok-1","clientAddress":"127.0.0.1","startTime":"2026-01-01T00:00:00Z"}\n');
    });
    const started = await client().healStart(
      'bkt',
      'dir/a b/',
      { recursive: true, scanMode: 2 },
      { forceStart: true },
    );
    expect(started).toEqual({
      clientToken: 'tok-1',
      clientAddress: '127.0.0.1',
      startTime: '2026-01-01T00:00:00Z',
    });
    const seen = fake.last();
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/minio/admin/v3/heal/bkt/dir/a%20b/?forceStart=true');
    expect(seen.signatureOk).toBe(true);
    expect(JSON.parse(seen.body.toString('utf8'))).toEqual({ recursive: true, scanMode: 2 });
  });

  it('rejects an error document that follows the keep-alive spaces on a 200', async () => {
    fake.handle((_s, res) => {
      res.writeHead(200);
      res.end('  {"Code":"XMinioHealAlreadyRunning","Message":"Heal is already running","Resource":"/"}');
    });
    const error = await client()
      .healStart('', '', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).code).toBe('XMinioHealAlreadyRunning');
  });

  it('reads the status with capitalised or lower-case keys, and null items', async () => {
    fake.handle((_s, res) =>
      sendJson(res, 200, { Summary: 'running', StartTime: 't', Settings: { recursive: true }, Items: null }),
    );
    expect(await client().healStatus('bkt', '', 'tok-1')).toEqual({
      summary: 'running',
      startTime: 't',
      settings: { recursive: true },
      items: [],
    });
    expect(fake.last().url).toBe('/minio/admin/v3/heal/bkt?clientToken=tok-1');
    fake.handle((_s, res) =>
      sendJson(res, 200, {
        summary: 'stopped',
        detail: 'drive gone',
        startTime: 't',
        items: [{ resultId: 1 }],
      }),
    );
    const status = await client().healStatus('bkt', '', 'tok-1');
    expect(status.summary).toBe('stopped');
    expect(status.detail).toBe('drive gone');
    expect(status.items).toHaveLength(1);
  });

  it('stops with forceStop, and reads the background heal state', async () => {
    fake.handle((_s, res) =>
      sendJson(res, 200, { clientToken: 'unknown', clientAddress: '', startTime: 't' }),
    );
    expect((await client().healStop('bkt', 'p')).clientToken).toBe('unknown');
    expect(fake.last().url).toBe('/minio/admin/v3/heal/bkt/p?forceStop=true');
    fake.handle((_s, res) => sendJson(res, 200, { ScannedItemsCount: 3, HealDisks: ['/d2'], sets: [] }));
    expect((await client().backgroundHealStatus()).HealDisks).toEqual(['/d2']);
    expect(fake.last().url).toBe('/minio/admin/v3/background-heal/status');
  });
});

describe('health colours', () => {
  it("follow MinIO's table of surplus shards per parity", () => {
    expect([2, 1, 0, -1].map((s) => healColor(s, 2))).toEqual(['Green', 'Yellow', 'Red', 'Grey']);
    expect([1, 0].map((s) => healColor(s, 1))).toEqual(['Green', 'Red']);
    expect([4, 3, 2, 1, 0].map((s) => healColor(s, 4))).toEqual(['Green', 'Green', 'Yellow', 'Red', 'Red']);
    expect(healColor(3, 2)).toBeUndefined();
    expect(healColor(0, 0)).toBeUndefined();
  });

  const drives = (...states: string[]) => ({
    drives: states.map((state, i) => ({ uuid: `u${i}`, endpoint: `/d${i}`, state })),
  });
  const item = (type: string, before: string[], after: string[]): HealResultItem => ({
    resultId: 1,
    type,
    bucket: 'b',
    object: 'o',
    ...(type === 'object' ? { dataBlocks: 2, parityBlocks: 2 } : {}),
    diskCount: 4,
    setCount: 1,
    before: drives(...before),
    after: drives(...after),
    objectSize: 1,
  });

  it('colour objects by data and parity blocks, buckets by a majority of the drives', () => {
    expect(healItemColors(item('object', ['ok', 'missing', 'ok', 'ok'], ['ok', 'ok', 'ok', 'ok']))).toEqual({
      before: 'Yellow',
      after: 'Green',
    });
    expect(
      healItemColors(
        item('object', ['offline', 'missing', 'corrupt', 'ok'], ['offline', 'missing', 'corrupt', 'ok']),
      ),
    ).toEqual({
      before: 'Grey',
      after: 'Grey',
    });
    expect(healItemColors(item('bucket', ['ok', 'missing', 'ok', 'ok'], ['ok', 'ok', 'ok', 'ok']))).toEqual({
      before: 'Red',
      after: 'Green',
    });
  });
});
