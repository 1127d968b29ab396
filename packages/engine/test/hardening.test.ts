/**
 * Hardening of the engine (issue 7 §5), against real engines:
 * - a flood of half-open connections (TCP connect + an unfinished request line) larger than the
 *   process's open-file limit (`prlimit`): connections beyond the limit are refused, the rest are
 *   closed by the server within the (lowered) header timeout, no drive goes offline — also when
 *   the flood does run the process out of descriptors — and service comes back by itself;
 * - a slow upload that keeps flowing is never cut, one that stalls is cut at the idle timeout;
 * - STS sign-in back-off per client address and per access key (429, released after the wait);
 * - losing read quorum answers 503 SlowDownRead, never XMinioObjectTampered.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { signRequest } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import { adminOk, type Keys } from './helpers/admin-calls.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { signedRequest, type SignedReply } from './helpers/signed-request.js';

const ASSUME_ROLE = new URLSearchParams({
  Action: 'AssumeRole',
  Version: '2011-06-15',
  DurationSeconds: '900',
}).toString();

interface Flood {
  /**
   * Resolves when the server has closed every socket, with each one's lifetime in ms since it
   * connected; rejects after `ms` saying how many are still open.
   */
  closed(ms: number): Promise<number[]>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Opens `count` connections that each send `partial` (half a request) and then nothing, and never
 * close them: only the server can. Batches of 25, each connected before the next is opened.
 */
async function halfOpenFlood(port: number, count: number, partial: string): Promise<Flood> {
  const states: { opened: number; connected?: number; closed?: number }[] = [];
  const closings: Promise<void>[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + 25); i++) {
      const state: { opened: number; connected?: number; closed?: number } = { opened: Date.now() };
      states.push(state);
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.on('error', () => undefined);
      // Flowing, so the server's FIN is seen (a paused socket never reads its end).
      socket.resume();
      const closing = new Promise<void>((resolve) =>
        socket.once('close', () => {
          state.closed = Date.now();
          resolve();
        }),
      );
      closings.push(closing);
      batch.push(
        Promise.race([
          closing,
          new Promise<void>((resolve) =>
            socket.once('connect', () => {
              state.connected = Date.now();
              socket.write(partial);
              resolve();
            }),
          ),
        ]),
      );
    }
    await Promise.race([Promise.all(batch), sleep(10_000)]);
  }
  return {
    async closed(ms) {
      await Promise.race([Promise.all(closings), sleep(ms)]);
      const open = states.filter((s) => s.closed === undefined);
      if (open.length > 0) {
        const neverConnected = open.filter((s) => s.connected === undefined).length;
        throw new Error(
          `${open.length} of ${count} connections still open after ${ms} ms (${neverConnected} never connected)`,
        );
      }
      return states.map((s) => (s.closed ?? 0) - (s.connected ?? s.opened));
    },
  };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every drive of the engine, as admin info reports it. */
async function driveStates(engine: { url: string }, keys: Keys): Promise<string[]> {
  const info = (await adminOk(engine, keys, 'GET', 'info')) as {
    servers: { drives: { state: string }[] }[];
  };
  return info.servers.flatMap((s) => s.drives.map((d) => d.state));
}

/** PUT then GET of a fresh object: the storage path works end to end. */
async function putAndGet(engine: { url: string }, keys: Keys, bucket: string): Promise<void> {
  const body = randomBytes(300 * 1024);
  const key = `obj-${randomBytes(4).toString('hex')}`;
  const put = await signedRequest(engine.url, keys, { method: 'PUT', path: `/${bucket}/${key}`, body });
  expect(put.status).toBe(200);
  const get = await signedRequest(engine.url, keys, { method: 'GET', path: `/${bucket}/${key}` });
  expect(get.status).toBe(200);
  expect(Buffer.from(get.body, 'utf8').length).toBeGreaterThan(0);
}

describe.each([
  {
    name: 'the connection limit from the open-file limit',
    // 256 descriptors, 4 drives: (256 - 128 - 4 × 16) / 2 = 32 connections at once.
    args: ['--header-timeout', '2'],
    timeoutMs: 2000,
    expectExhaustion: false,
  },
  {
    name: 'a limit above the open-file limit (the process runs out of descriptors)',
    args: ['--header-timeout', '5', '--max-connections', '100000'],
    timeoutMs: 5000,
    expectExhaustion: true,
  },
])(
  'a half-open flood larger than the open-file limit, with $name',
  ({ args, timeoutMs, expectExhaustion }) => {
    let engine: EngineProcess;
    let keys: Keys;
    const bucket = 'flood';

    beforeAll(async () => {
      engine = await startEngine({ openFileLimit: 256, args });
      keys = { accessKey: engine.accessKey, secretKey: engine.secretKey };
      const made = await signedRequest(engine.url, keys, { method: 'PUT', path: `/${bucket}` });
      expect(made.status).toBe(200);
    }, 60_000);
    afterAll(async () => {
      await engine?.destroy();
    });

    it('refuses or times out every connection, keeps the drives online and comes back by itself', async () => {
      const flood = await halfOpenFlood(
        engine.port,
        400,
        'GET /minio/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      );
      if (expectExhaustion) {
        // The drives are checked every 2 s; the flood outlives a check, which meets EMFILE.
        await waitFor('a drive check out of descriptors', () =>
          engine.output().includes('out of file descriptors'),
        );
      }
      // Closed by the server: at once (over the limit) or at the header timeout, never kept.
      const lifetimes = await flood.closed(timeoutMs * 6);
      expect(Math.max(...lifetimes)).toBeLessThan(timeoutMs * 4);

      await waitFor('health/live', async () => {
        const res = await fetch(`${engine.url}/minio/health/live`).catch(() => undefined);
        return res?.status === 200;
      });
      expect((await fetch(`${engine.url}/minio/health/cluster`)).status).toBe(200);
      expect(await driveStates(engine, keys)).toEqual(['ok', 'ok', 'ok', 'ok']);
      await putAndGet(engine, keys, bucket);
      expect(engine.output()).not.toMatch(/is now offline|offline: EMFILE/);
    }, 90_000);
  },
);

describe('in-process engine: STS back-off and read quorum', () => {
  let dataDir: string;
  let engine: Engine;
  let keys: Keys;
  let now = Date.now();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-hardening-'));
    engine = await createEngine({
      address: '127.0.0.1:0',
      drives: [1, 2, 3, 4].map((i) => path.join(dataDir, `drive${i}`)),
      rootUser: 'hardeningroot',
      rootPassword: 'hardening-secret-key',
      stsThrottle: { freeFailures: 2, baseDelayMs: 1000, maxDelayMs: 4000, now: () => now },
      stsTrustedProxies: ['127.0.0.9'],
      connections: { headersTimeoutMs: 1000, idleTimeoutMs: 1000, keepAliveTimeoutMs: 500 },
    });
    keys = engine.credentials;
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const assumeRole = (k: Keys, localAddress?: string): Promise<SignedReply> =>
    signedRequest(engine.url, k, {
      method: 'POST',
      path: '/',
      body: ASSUME_ROLE,
      service: 'sts',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ...(localAddress !== undefined ? { localAddress } : {}),
    });

  it('answers an unknown key and a wrong secret alike, then backs off per access key and releases', async () => {
    const wrong = { accessKey: keys.accessKey, secretKey: 'not-the-secret-key' };
    const unknown = { accessKey: 'nosuchkey123', secretKey: 'whatever-secret' };
    const first = await assumeRole(wrong, '127.0.0.2');
    const other = await assumeRole(unknown, '127.0.0.2');
    expect(first.status).toBe(403);
    expect(other.status).toBe(403);
    const message = (r: SignedReply): string => /<Message>([^<]*)<\/Message>/.exec(r.body)?.[1] ?? '';
    expect(message(first)).toBe('Access Denied.');
    expect(message(other)).toBe(message(first));

    // Third failure for the root key (from another address): its back-off starts.
    expect((await assumeRole(wrong, '127.0.0.3')).status).toBe(403);
    expect((await assumeRole(wrong, '127.0.0.3')).status).toBe(403);
    // Even the right secret, from a third address, waits: the account is backing off.
    const throttled = await assumeRole(keys, '127.0.0.4');
    expect(throttled.status).toBe(429);
    expect(throttled.body).toContain('<Code>TooManyRequests</Code>');
    expect(throttled.body).toContain('Too many failed sign-in attempts');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    now += 1000;
    expect((await assumeRole(keys, '127.0.0.4')).status).toBe(200);
  });

  it('backs off per client address across access keys, and never for good', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await assumeRole({ accessKey: `guess${i}key`, secretKey: 'guess-secret' }, '127.0.0.5');
      expect(res.status).toBe(403);
    }
    // The address is backing off: a key it never tried is refused too, a different address is not.
    expect((await assumeRole({ accessKey: 'guessnewkey', secretKey: 'x-secret' }, '127.0.0.5')).status).toBe(
      429,
    );
    expect((await assumeRole(keys, '127.0.0.6')).status).toBe(200);
    // Refused attempts do not extend the wait; after it, the address is heard again.
    for (let i = 0; i < 5; i++) await assumeRole(keys, '127.0.0.5');
    now += 1000;
    expect((await assumeRole(keys, '127.0.0.5')).status).toBe(200);
  });

  it('backs off a trusted proxy (a console) per account only, so its other users still sign in', async () => {
    // Many users failing through the console: no address back-off for it…
    for (let i = 0; i < 6; i++) {
      const res = await assumeRole({ accessKey: `user${i}key`, secretKey: 'wrong-secret' }, '127.0.0.9');
      expect(res.status).toBe(403);
    }
    expect((await assumeRole(keys, '127.0.0.9')).status).toBe(200);
    // …while one account failing through it still backs off.
    for (let i = 0; i < 3; i++)
      await assumeRole({ accessKey: 'user0key', secretKey: 'wrong-secret' }, '127.0.0.9');
    expect((await assumeRole({ accessKey: 'user0key', secretKey: 'x-secret' }, '127.0.0.9')).status).toBe(
      429,
    );
    now += 4000;
  });

  it('never cuts a slow upload that keeps flowing, and cuts one that stalls', async () => {
    expect((await signedRequest(engine.url, keys, { method: 'PUT', path: '/slow' })).status).toBe(200);
    // 16 chunks 250 ms apart: 4 s in all, beyond the 1 s header, idle and keep-alive timeouts.
    const body = randomBytes(16 * 4096);
    const url = new URL('/slow/trickled', engine.url);
    const headers = signRequest({
      method: 'PUT',
      url,
      headers: { 'content-length': String(body.length) },
      body,
      accessKey: keys.accessKey,
      secretKey: keys.secretKey,
      region: 'us-east-1',
      service: 's3',
    });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, { method: 'PUT', headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      void (async () => {
        for (let i = 0; i < 16; i++) {
          req.write(body.subarray(i * 4096, (i + 1) * 4096));
          await new Promise((r) => setTimeout(r, 250));
        }
        req.end();
      })();
    });
    expect(status).toBe(200);
    const get = await signedRequest(engine.url, keys, { method: 'GET', path: '/slow/trickled' });
    expect(get.status).toBe(200);

    // A signed PUT whose headers are complete, then 10 of its 1000 body bytes and silence: the
    // engine waits for the body until the idle timeout ends the connection.
    const stalledUrl = new URL('/slow/stalled', engine.url);
    const stalledHeaders = signRequest({
      method: 'PUT',
      url: stalledUrl,
      headers: { 'content-length': '1000' },
      body: Buffer.alloc(1000, 1),
      accessKey: keys.accessKey,
      secretKey: keys.secretKey,
      region: 'us-east-1',
      service: 's3',
    });
    const head = Object.entries({ ...stalledHeaders, host: stalledUrl.host })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    const socket = net.connect({ port: engine.address.port, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Flowing, so the server's FIN is seen (a paused socket never reads its end).
    socket.resume();
    socket.write(`PUT /slow/stalled HTTP/1.1\r\n${head}\r\n\r\n${'\x01'.repeat(10)}`);
    await expect(Promise.race([closed.then(() => 'closed'), sleep(10_000).then(() => 'open')])).resolves.toBe(
      'closed',
    );
  });

  it('answers 503 SlowDownRead, not XMinioObjectTampered, when more drives than parity lost the data', async () => {
    const bucket = 'quorum';
    expect((await signedRequest(engine.url, keys, { method: 'PUT', path: `/${bucket}` })).status).toBe(200);
    // Larger than the inline limit: the shards are files, which the wipe removes.
    const body = randomBytes(1024 * 1024);
    const put = await signedRequest(engine.url, keys, { method: 'PUT', path: `/${bucket}/big`, body });
    expect(put.status).toBe(200);
    expect((await signedRequest(engine.url, keys, { method: 'GET', path: `/${bucket}/big` })).status).toBe(
      200,
    );

    // Parity is 2 of 4: three drives lose the shard files (their format and index stay).
    for (const i of [1, 2, 3]) {
      await rm(path.join(dataDir, `drive${i}`, '.coffer.sys', 'data', bucket), {
        recursive: true,
        force: true,
      });
    }
    const get = await signedRequest(engine.url, keys, { method: 'GET', path: `/${bucket}/big` });
    expect(get.status).toBe(503);
    expect(get.body).toContain('<Code>SlowDownRead</Code>');
    expect(get.body).not.toContain('XMinioObjectTampered');
  });
});
