/**
 * The Watch socket `/ws/watch/{bucket}` against the real engine process (ListenBucketNotification
 * through the console, over real sockets): uploads and deletes under the prefix arrive as
 * `{ time, size, type, path }` (keys decoded, others filtered out by the engine); a missing bucket
 * and an account the engine refuses close 1011 with the engine's message; no session, no upgrade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

const BUCKET = 'watched';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;

interface WatchEvent {
  time: string;
  size: number;
  type: string;
  path: string;
}

/** An open Watch socket: its messages so far, a waiter, and its close. */
function watch(client: ConsoleClient, bucket: string, query: string) {
  const socket = new WebSocket(`${consoleApp.url.replace('http', 'ws')}/ws/watch/${bucket}?${query}`, {
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  const events: WatchEvent[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)) as WatchEvent);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`upgrade refused: ${res.statusCode}`));
    });
  });
  /** Resolves when an event matches, or with undefined after `ms` without one. */
  const next = (match: (e: WatchEvent) => boolean, ms: number) =>
    new Promise<WatchEvent | undefined>((resolve) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      const timer = setTimeout(() => resolve(undefined), ms);
      check();
    });
  return { socket, events, closed, opened, next };
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
  await s3Client(engine.url, engine).makeBucket(BUCKET);
});

afterAll(async () => {
  await consoleApp?.close();
  await engine?.stop();
  if (consoleApp) await removeDir(consoleApp.dataDir);
});

describe('/ws/watch/{bucket}', () => {
  it('streams the changes under the prefix and suffix with decoded keys', async () => {
    const s3 = s3Client(engine.url, engine);
    const w = watch(root, BUCKET, 'prefix=docs%2F&suffix=.txt');
    await w.opened;
    // The socket opens before the console's listen call reaches the engine: probe until live.
    for (let probe = 1; w.events.length === 0; probe += 1) {
      expect(probe).toBeLessThan(30);
      await s3.putObject(BUCKET, `docs/probe-${probe}.txt`, Buffer.from('p'));
      await w.next(() => true, 1_000);
    }
    await s3.putObject(BUCKET, 'other/x.txt', Buffer.from('no'));
    await s3.putObject(BUCKET, 'docs/x.bin', Buffer.from('no'));
    await s3.putObject(BUCKET, 'docs/a b+ü.txt', Buffer.from('hello'));
    const put = await w.next((e) => e.path === 'docs/a b+ü.txt', 10_000);
    expect(put).toMatchObject({ size: 5, type: 's3:ObjectCreated:Put' });
    expect(Number.isNaN(Date.parse(put?.time ?? ''))).toBe(false);
    await s3.removeObject(BUCKET, 'docs/a b+ü.txt');
    expect(await w.next((e) => e.type === 's3:ObjectRemoved:Delete', 10_000)).toMatchObject({
      path: 'docs/a b+ü.txt',
      size: 0,
    });
    expect(w.events.filter((e) => e.path === 'other/x.txt' || e.path === 'docs/x.bin')).toEqual([]);
    w.socket.close(1000);
    expect((await w.closed).code).toBe(1000);
  });

  it("closes 1011 with the engine's message for a missing bucket and for an account it refuses", async () => {
    const missing = watch(root, 'no-such-bucket', 'prefix=&suffix=');
    expect(await missing.closed).toEqual({ code: 1011, reason: 'The specified bucket does not exist' });

    await root.json('POST', '/api/v1/users', {
      json: { accessKey: 'reader', secretKey: 'reader-secret-1', groups: [] },
    });
    await root.json('PUT', '/api/v1/set-policy/readonly', {
      json: { entityName: 'reader', entityType: 'user' },
    });
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('reader', 'reader-secret-1');
    expect((await reader.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).not.toContain(
      '/watch',
    );
    const refused = watch(reader, BUCKET, '');
    expect(await refused.closed).toMatchObject({ code: 1011, reason: 'Access Denied.' });
  });

  it('refuses the upgrade without a session', async () => {
    await expect(watch(new ConsoleClient(consoleApp.url), BUCKET, '').opened).rejects.toThrow(
      'upgrade refused: 401',
    );
  });
});
