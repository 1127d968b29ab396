/**
 * The stream primitive over real sockets (Fastify + @fastify/websocket listening on loopback, `ws`
 * as the client): session refusal, validation, messages, close codes 1000 / 1011 / 1008, the
 * keep-alive, cancellation both ways, and back-pressure — a client that stops reading stops the
 * upstream's pulls once the bytes in flight pass the bound, and they resume when it reads again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import type { StreamContract } from '@coffer/contract';
import type { ResolvedOptions } from '../app-context.js';
import { refuseForeignOrigins } from '../hardening/same-origin.js';
import { SESSION_COOKIE } from '../session/session-cookie.js';
import { SessionStore } from '../session/session-store.js';
import { registerStream, type StreamUpstream } from './register-stream.js';

const TEST_STREAM = {
  path: '/ws/test/:name',
  summary: 'test',
  params: z.object({ name: z.string().min(2) }),
  querystring: z.object({ count: z.coerce.number().int().min(0).default(3) }),
  message: z.object({ i: z.number(), pad: z.string() }),
} as const satisfies StreamContract;

type Upstream = StreamUpstream<typeof TEST_STREAM>;

interface Harness {
  app: FastifyInstance;
  url: string;
  cookie: string;
  sessions: SessionStore;
  sessionId: string;
}

let dir: string;
let harness: Harness;
let upstream: Upstream;

async function start(limits = { highWaterMark: 64 * 1024, pingIntervalMs: 60_000 }): Promise<Harness> {
  const sessions = await SessionStore.open({ dir: join(dir, 'sessions'), key: randomBytes(32) });
  const session = await sessions.create({
    accountName: 'tester',
    kind: 'direct',
    credentials: { accessKey: 'tester', secretKey: 'secret-secret' },
    expiresAt: Date.now() + 3_600_000,
  });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  // The order of app.ts: the websocket plugin's hooks first.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });
  app.addHook('onRequest', refuseForeignOrigins);
  await app.register(fastifyCookie);
  const options = { basePath: '', streams: limits } as ResolvedOptions;
  registerStream(app, { sessions, options }, TEST_STREAM, (ctx) => upstream(ctx));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address.replace('http', 'ws'),
    cookie: `${SESSION_COOKIE}=${session.id}`,
    sessions,
    sessionId: session.id,
  };
}

function open(path: string, headers: Record<string, string> = { cookie: harness.cookie }): WebSocket {
  return new WebSocket(`${harness.url}${path}`, { headers });
}

/** The upgrade's HTTP refusal status. */
function refusal(socket: WebSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (req, res) => {
      req.destroy();
      resolve(res.statusCode ?? 0);
    });
    socket.on('open', () => reject(new Error('the socket opened')));
    socket.on('error', () => undefined);
  });
}

interface Closed {
  code: number;
  reason: string;
  messages: unknown[];
}

function collect(socket: WebSocket): Promise<Closed> {
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  return new Promise((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString(), messages })),
  );
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves when `signal` aborts. */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

/** Makes the WebSocket upgrade over a bare TCP socket and leaves it paused (nothing read). */
async function rawUpgrade(path: string, cookie: string): Promise<Socket> {
  const { port } = new URL(harness.url);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
      `Cookie: ${cookie}\r\n\r\n`,
  );
  // Read only the 101 answer; what follows stays in the kernel's buffers.
  let head = Buffer.alloc(0);
  while (!head.includes('\r\n\r\n')) {
    const chunk = (await once(socket, 'data')) as [Buffer];
    head = Buffer.concat([head, chunk[0]]);
  }
  socket.pause();
  expect(head.toString()).toMatch(/^HTTP\/1\.1 101/);
  const rest = head.subarray(head.indexOf('\r\n\r\n') + 4);
  if (rest.length > 0) socket.unshift(rest);
  return socket;
}

/** Starts reading a raw socket's server frames (unmasked); the texts land in the returned array. */
function readTextFrames(socket: Socket): string[] {
  const texts: string[] = [];
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (buffered.length < 2) return;
      const opcode = buffered[0]! & 0x0f;
      let length = buffered[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return;
        length = Number(buffered.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffered.length < offset + length) return;
      if (opcode === 1) texts.push(buffered.subarray(offset, offset + length).toString());
      buffered = buffered.subarray(offset + length);
    }
  });
  socket.resume();
  return texts;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-stream-'));
  upstream = async function* ({ query }) {
    for (let i = 0; i < query.count; i += 1) yield { i, pad: '' };
  };
  harness = await start();
});

afterEach(async () => {
  await harness.app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('registerStream', () => {
  it('refuses an upgrade without a valid session (401)', async () => {
    expect(await refusal(open('/ws/test/ab', {}))).toBe(401);
    expect(await refusal(open('/ws/test/ab', { cookie: `${SESSION_COOKIE}=nope` }))).toBe(401);
  });
  it('refuses an upgrade with bad params or query (400)', async () => {
    expect(await refusal(open('/ws/test/a'))).toBe(400);
    expect(await refusal(open('/ws/test/ab?count=-1'))).toBe(400);
  });
  it('refuses an upgrade from a foreign origin (403)', async () => {
    expect(
      await refusal(open('/ws/test/ab', { cookie: harness.cookie, origin: 'http://evil.example' })),
    ).toBe(403);
  });

  it('sends each message as JSON and closes 1000 when the upstream ends', async () => {
    const closed = await collect(open('/ws/test/ab?count=5'));
    expect(closed.code).toBe(1000);
    expect(closed.messages).toEqual([0, 1, 2, 3, 4].map((i) => ({ i, pad: '' })));
  });

  it('closes 1011 with the reason when the upstream fails, and when a message breaks the contract', async () => {
    upstream = async function* () {
      yield { i: 1, pad: '' };
      throw new Error('The specified bucket does not exist');
    };
    const failed = await collect(open('/ws/test/ab'));
    expect(failed).toMatchObject({ code: 1011, reason: 'The specified bucket does not exist' });
    expect(failed.messages).toHaveLength(1);

    upstream = async function* () {
      yield { i: 'one' } as unknown as { i: number; pad: string };
    };
    expect((await collect(open('/ws/test/ab'))).code).toBe(1011);

    upstream = () => {
      throw new Error('no upstream today');
    };
    expect(await collect(open('/ws/test/ab'))).toMatchObject({ code: 1011, reason: 'no upstream today' });
  });

  it("takes the keep-alive 'ok' and closes 1008 on anything else", async () => {
    let signal: AbortSignal | undefined;
    upstream = async function* (ctx) {
      signal = ctx.signal;
      await aborted(ctx.signal);
      yield* [];
    };
    const socket = open('/ws/test/ab');
    const closed = collect(socket);
    await new Promise((r) => socket.on('open', r));
    socket.send('ok');
    socket.send('ok');
    await waitFor(() => signal !== undefined, 'the upstream to start');
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.send('hello');
    expect((await closed).code).toBe(1008);
    expect(signal?.aborted).toBe(true);
  });

  it('aborts the upstream when the client goes away, and the upstream ends', async () => {
    let ended = false;
    let signal: AbortSignal | undefined;
    upstream = async function* (ctx) {
      signal = ctx.signal;
      try {
        yield { i: 0, pad: '' };
        await aborted(ctx.signal);
      } finally {
        ended = true;
      }
    };
    const socket = open('/ws/test/ab');
    await new Promise((r) => socket.once('message', r));
    socket.terminate();
    await waitFor(() => signal?.aborted === true && ended, 'the upstream to be aborted and finished');
  });

  it('closes 1008 when the session ends while the socket is open', async () => {
    await harness.app.close();
    harness = await start({ highWaterMark: 64 * 1024, pingIntervalMs: 50 });
    upstream = async function* (ctx) {
      await aborted(ctx.signal);
      yield* [];
    };
    const socket = open('/ws/test/ab');
    const closed = collect(socket);
    await new Promise((r) => socket.on('open', r));
    await harness.sessions.revoke(harness.sessionId);
    expect(await closed).toMatchObject({ code: 1008, reason: 'the session has ended' });
  });

  it('stops pulling the upstream while a slow client leaves bytes in flight, and resumes when it reads', async () => {
    const pad = 'x'.repeat(16 * 1024);
    let pulled = 0;
    upstream = async function* () {
      for (;;) {
        pulled += 1;
        yield { i: pulled, pad };
      }
    };
    // A client that does not read: a bare TCP socket that makes the upgrade, then stays paused.
    const client = await rawUpgrade('/ws/test/ab', harness.cookie);
    let last = -1;
    let stableSince = Date.now();
    await waitFor(
      () => {
        if (pulled !== last) {
          last = pulled;
          stableSince = Date.now();
        }
        return pulled > 0 && Date.now() - stableSince > 300;
      },
      'the upstream pulls to stop',
      20_000,
    );
    // What was pulled fits in the kernel's socket buffers plus the bound: far from unbounded.
    expect(pulled * pad.length).toBeLessThan(32 * 1024 * 1024);
    const stalledAt = pulled;
    const received = readTextFrames(client);
    await waitFor(() => pulled > stalledAt + 100, 'the pulls to resume');
    await waitFor(() => received.length > stalledAt, 'the messages to arrive');
    // In order, none lost.
    expect(received.slice(0, stalledAt).map((text) => (JSON.parse(text) as { i: number }).i)).toEqual(
      Array.from({ length: stalledAt }, (_, k) => k + 1),
    );
    client.destroy();
  });
});
