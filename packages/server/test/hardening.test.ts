/**
 * Hardening of the console (issue 7 §5) against a real engine:
 * - a flood of half-open connections larger than the console's open-file limit (the console as a
 *   child process under `prlimit`): every one closed by the server within the lowered header
 *   timeout, then sign-in and the session work;
 * - changes from another origin (another site, another port of the same host, `same-site`)
 *   refused with 403 `cross_origin_refused` — upload and logout — while the console's own origin
 *   (also as a trusted reverse proxy forwards it) works;
 * - sign-in back-off per client address and per account: 429 with Retry-After, released after
 *   the wait (injected clock);
 * - security headers on pages, assets, API answers and errors;
 * - malformed multipart bodies → 400.
 */
import { execFile as execFileCb, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../src/hardening/security-headers.js';
import { REPO_ROOT, startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

const execFile = promisify(execFileCb);

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request through `http.request` (headers exactly as given; optionally another loopback address). */
function send(
  base: string,
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(pathAndQuery, base),
      {
        method,
        headers: options.headers ?? {},
        agent: false,
        ...(options.localAddress !== undefined ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

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

const codeOf = (r: Reply): unknown => (JSON.parse(r.body) as { code?: unknown }).code;

let engine: EngineHandle;
let webDir: string;
let consoleApp: RunningConsole;
let proxied: RunningConsole;
let now = Date.now();

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  webDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><base href="/"><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  consoleApp = await startConsole(engine.url, {
    webDir,
    loginThrottle: { freeFailures: 2, baseDelayMs: 1000, maxDelayMs: 2000, now: () => now },
  });
  proxied = await startConsole(engine.url, { trustProxy: true });
}, 60_000);

afterAll(async () => {
  for (const app of [consoleApp, proxied]) {
    await app?.close();
    if (app) await removeDir(app.dataDir);
  }
  if (webDir) await removeDir(webDir);
  await engine?.stop();
});

async function signedIn(base: string): Promise<ConsoleClient> {
  const client = new ConsoleClient(base);
  await client.login(engine.accessKey, engine.secretKey);
  return client;
}

function multipart(boundary: string, name: string, content: string): string {
  return (
    `--${boundary}\r\nContent-Disposition: form-data; name="${content.length}"; filename="${name}"\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`
  );
}

describe('security headers', () => {
  it('are on pages, assets, API answers, errors and 404s', async () => {
    const client = await signedIn(consoleApp.url);
    const answers = [
      await fetch(`${consoleApp.url}/`),
      await fetch(`${consoleApp.url}/login`),
      await fetch(`${consoleApp.url}/assets/app.js`),
      await fetch(`${consoleApp.url}/api/v1/session`),
      await client.request('GET', '/api/v1/session'),
      await fetch(`${consoleApp.url}/api/v1/no-such-call`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 200, 404]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
    }
    const csp = answers[0]?.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('changes from another origin', () => {
  const upload = (client: ConsoleClient, headers: Record<string, string>): Promise<Response> => {
    const boundary = 'hardeningboundary';
    return client.request('POST', '/api/v1/buckets/origin-check/objects/upload?prefix=', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
      body: multipart(boundary, 'hello.txt', 'hello'),
    });
  };

  it('refuses upload and logout from another site, another port and same-site pages', async () => {
    const client = await signedIn(consoleApp.url);
    expect((await client.request('POST', '/api/v1/buckets', { json: { name: 'origin-check' } })).status).toBe(
      201,
    );
    const port = new URL(consoleApp.url).port;
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://evil.example' },
      // Another port of the same host: same site, another origin.
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      { origin: `http://localhost:${port}` },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const up = await upload(client, headers);
      expect(up.status, JSON.stringify(headers)).toBe(403);
      expect(((await up.json()) as { code: string }).code).toBe('cross_origin_refused');
      const out = await client.request('POST', '/api/v1/logout', { headers });
      expect(out.status, JSON.stringify(headers)).toBe(403);
    }
    // Still signed in: the refused logouts did nothing.
    expect((await client.request('GET', '/api/v1/session')).status).toBe(200);

    const own = { origin: consoleApp.url, 'sec-fetch-site': 'same-origin' };
    const up = await upload(client, own);
    expect(up.status).toBe(200);
    expect(((await up.json()) as { uploaded: { name: string }[] }).uploaded[0]?.name).toBe('hello.txt');
    // A request typed by the user (no page behind it) says `none`.
    expect((await upload(client, { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await client.request('POST', '/api/v1/logout', { headers: own })).status).toBe(204);
    expect((await client.request('GET', '/api/v1/session')).status).toBe(401);
  });

  it('takes the origin a trusted reverse proxy forwards', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example.com' };
    const refused = await send(proxied.url, 'POST', '/api/v1/logout', {
      headers: { origin: 'https://console.example.com' },
    });
    expect(refused.status).toBe(403);
    const ok = await send(proxied.url, 'POST', '/api/v1/logout', {
      headers: { origin: 'https://console.example.com', ...forwarded },
    });
    expect(ok.status).toBe(204);
    const other = await send(proxied.url, 'POST', '/api/v1/logout', {
      headers: { origin: 'https://console.example.com:8443', ...forwarded },
    });
    expect(other.status).toBe(403);
  });
});

describe('sign-in back-off', () => {
  const login = (accessKey: string, secretKey: string, localAddress: string): Promise<Reply> =>
    send(consoleApp.url, 'POST', '/api/v1/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey, secretKey }),
      localAddress,
    });

  it('backs off per account across addresses, answers 429 with Retry-After, and releases', async () => {
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      const res = await login(engine.accessKey, 'wrong-secret-key', address);
      expect(res.status).toBe(401);
      expect(codeOf(res)).toBe('invalid_login');
    }
    // The right secret from a fresh address still waits: the account is backing off.
    const throttled = await login(engine.accessKey, engine.secretKey, '127.0.0.5');
    expect(throttled.status).toBe(429);
    expect(codeOf(throttled)).toBe('too_many_login_attempts');
    expect(JSON.parse(throttled.body)).toMatchObject({
      message: 'Too many failed sign-in attempts. Try again in 1 s.',
    });
    expect(throttled.headers['retry-after']).toBe('1');
    now += 1000;
    expect((await login(engine.accessKey, engine.secretKey, '127.0.0.5')).status).toBe(204);
  });

  it('backs off per address across accounts, and never for good', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(`nobody${i}`, 'wrong-secret-key', '127.0.0.6')).status).toBe(401);
    }
    expect((await login('someone-else', 'wrong-secret-key', '127.0.0.6')).status).toBe(429);
    // Another address is not concerned.
    expect((await login(engine.accessKey, engine.secretKey, '127.0.0.7')).status).toBe(204);
    // Refused attempts do not lengthen the wait.
    for (let i = 0; i < 5; i++) await login(engine.accessKey, engine.secretKey, '127.0.0.6');
    now += 1000;
    expect((await login(engine.accessKey, engine.secretKey, '127.0.0.6')).status).toBe(204);
  });
});

describe('malformed multipart uploads', () => {
  it('answer 400 invalid_request, never 500', async () => {
    const client = await signedIn(consoleApp.url);
    await client.request('POST', '/api/v1/buckets', { json: { name: 'malformed' } });
    const path = '/api/v1/buckets/malformed/objects/upload?prefix=';
    const bodies: { type: string; body: string }[] = [
      // No boundary parameter.
      { type: 'multipart/form-data', body: 'whatever' },
      // Ends in the middle of a file.
      {
        type: 'multipart/form-data; boundary=xyz',
        body: '--xyz\r\nContent-Disposition: form-data; name="5"; filename="a.txt"\r\n\r\nhel',
      },
      // Part headers that never end.
      {
        type: 'multipart/form-data; boundary=xyz',
        body: '--xyz\r\nContent-Disposition: form-data; name="a"',
      },
      // Not multipart at all after the first boundary.
      { type: 'multipart/form-data; boundary=xyz', body: '--xyz garbage without structure' },
    ];
    for (const { type, body } of bodies) {
      const res = await client.request('POST', path, { headers: { 'content-type': type }, body });
      const text = await res.text();
      expect(res.status, `${type}: ${text}`).toBe(400);
      expect((JSON.parse(text) as { code: string }).code).toBe('invalid_request');
    }
    // The console is fine afterwards.
    expect((await client.request('GET', '/api/v1/session')).status).toBe(200);
  });
});

describe('a half-open flood larger than the open-file limit', () => {
  let child: ChildProcess | undefined;
  let output = '';
  let url = '';
  let dataDir = '';

  beforeAll(async () => {
    await execFile(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/server'],
      {
        cwd: REPO_ROOT,
      },
    ).catch(() => undefined);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-console-flood-'));
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    url = `http://127.0.0.1:${port}`;
    child = spawn(
      'prlimit',
      [
        '--nofile=256:256',
        process.execPath,
        path.join(REPO_ROOT, 'packages/server/dist/main.js'),
        '--address',
        `127.0.0.1:${port}`,
        '--server',
        engine.url,
        '--data',
        dataDir,
        '--header-timeout',
        '2',
      ],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, COFFER_LOG_LEVEL: 'warn' },
      },
    );
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 30_000;
    while (!output.includes('Coffer console running')) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`console did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    if (dataDir) await removeDir(dataDir);
  });

  it('refuses or times out every connection, then signs in and serves the session', async () => {
    const flood = await halfOpenFlood(
      Number(new URL(url).port),
      400,
      'POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\n',
    );
    // Only the server closes these sockets: at once over the limit, or at the 2 s header timeout.
    const closed = await flood.closed(12_000);
    expect(Math.max(...closed)).toBeLessThan(8000);

    const client = new ConsoleClient(url);
    expect((await client.json('GET', '/api/v1/login')).status).toBe(200);
    await client.login(engine.accessKey, engine.secretKey);
    expect((await client.json('GET', '/api/v1/session')).body).toMatchObject({ status: 'ok' });
    expect(output).not.toMatch(/EMFILE/);
  }, 90_000);
});
