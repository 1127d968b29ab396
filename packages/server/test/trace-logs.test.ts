/**
 * Trace and Error Logs through the console against the real engine (issue 11; spec 2 §7
 * `/ws/trace`, `/ws/console`): a WebSocket client signed in as root sees the PUT it makes as a
 * trace message (api, status, path, bytes, timing), the console-side filters leave out what does
 * not match, the console log delivers an error entry of a failing request; a user without
 * admin:ServerTrace gets the socket closed 1011 with the storage server's refusal.
 */
import { once } from 'node:events';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;

const BUCKET = 'traced-bucket';

interface Socket {
  ws: WebSocket;
  /** The first message `match` accepts (waits); fails when the socket closes first. */
  find<T>(match: (message: T) => boolean): Promise<T>;
  closed: Promise<{ code: number; reason: string }>;
}

function openSocket(client: ConsoleClient, path: string): Promise<Socket> {
  const url = `${client.base.replace(/^http/, 'ws')}${path}`;
  const ws = new WebSocket(url, { headers: { cookie: client.cookie ?? '', origin: client.base } });
  const messages: unknown[] = [];
  const waiters: {
    match: (m: unknown) => boolean;
    resolve: (m: unknown) => void;
    reject: (e: Error) => void;
  }[] = [];
  ws.on('message', (data) => {
    const message: unknown = JSON.parse(String(data));
    messages.push(message);
    for (const w of waiters.filter((x) => x.match(message))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`socket closed ${code} ${String(reason)}`));
      resolve({ code, reason: String(reason) });
    }),
  );
  return once(ws, 'open').then(() => {
    ws.send('ok');
    return {
      ws,
      closed,
      find: <T>(match: (message: T) => boolean) =>
        new Promise<T>((resolve, reject) => {
          const seen = messages.find((m) => match(m as T));
          if (seen !== undefined) resolve(seen as T);
          else
            waiters.push({
              match: (m) => match(m as T),
              resolve: (m) => resolve(m as T),
              reject,
            });
        }),
    };
  });
}

interface TraceMessage {
  api: string;
  statusCode: number;
  statusMsg: string;
  method: string;
  path: string;
  host: string;
  client: string;
  requestID: string;
  callStats: { rx: number; tx: number; duration: number };
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url, { region: 'us-east-1' });
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
  expect((await root.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
});

afterAll(async () => {
  await consoleApp?.close();
  await engine?.stop();
});

/** PUT `key` through S3 until `seen` resolves (the engine subscribes as the console's call arrives). */
async function putUntil(key: string, seen: Promise<unknown>): Promise<void> {
  const s3 = s3Client(engine.url, engine);
  let done = false;
  void seen.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; !done && i < 50; i++) {
    await s3.putObject(BUCKET, key, Buffer.from(`attempt ${i}`));
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('/ws/trace and /ws/console against the engine', () => {
  it("streams the root's PUT as a trace message, filtered by the console", async () => {
    const all = await openSocket(root, '/ws/trace?calls=s3&threshold=0&onlyErrors=no');
    const gets = await openSocket(root, '/ws/trace?calls=s3&method=GET&path=ws-trace');
    const put = all.find<TraceMessage>((m) => m.api === 's3.PutObject' && m.path.endsWith('/ws-trace.txt'));
    await putUntil('ws-trace.txt', put);
    const message = await put;
    expect(message).toMatchObject({
      statusCode: 200,
      statusMsg: 'OK',
      method: 'PUT',
      path: `/${BUCKET}/ws-trace.txt`,
      host: new URL(engine.url).host,
    });
    expect(message.callStats.duration).toBeGreaterThan(0);
    expect(message.callStats.rx).toBeGreaterThan(0);
    expect(message.requestID).toMatch(/^[0-9A-F]+$/);
    // The GET-only socket saw the GET of the key, never a PUT.
    const get = gets.find<TraceMessage>((m) => m.method === 'GET');
    const s3 = s3Client(engine.url, engine);
    await (await s3.getObject(BUCKET, 'ws-trace.txt')).resume();
    expect((await get).path).toBe(`/${BUCKET}/ws-trace.txt`);
    for (const socket of [all, gets]) socket.ws.close(1000);
    await Promise.all([all.closed, gets.closed]);
  });

  it('streams the error entry of a failing request on /ws/console', async () => {
    const log = await openSocket(root, '/ws/console');
    const failed = await fetch(`${engine.url}/${BUCKET}/ws-trace.txt?torrent`);
    expect(failed.status).toBe(501);
    const id = failed.headers.get('x-amz-request-id') ?? '';
    const entry = await log.find<{ level: string; requestID?: string; error?: { message: string } }>(
      (m) => m.requestID === id,
    );
    expect(entry.level).toBe('ERROR');
    expect(entry.error?.message).not.toBe('');
    log.ws.close(1000);
  });

  it('refuses a user without admin:ServerTrace: the socket closes 1011 with the reason', async () => {
    const created = await root.json('POST', '/api/v1/users', {
      json: { accessKey: 'plainuser', secretKey: 'plainuser-secret', policies: ['readwrite'] },
    });
    expect(created.status).toBeLessThan(300);
    const user = new ConsoleClient(consoleApp.url);
    await user.login('plainuser', 'plainuser-secret');
    const socket = await openSocket(user, '/ws/trace?calls=s3');
    const { code, reason } = await socket.closed;
    expect(code).toBe(1011);
    expect(reason).toMatch(/denied/i);
  });
});
