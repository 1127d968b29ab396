/**
 * Sessions whose temporary credentials are shorter than the session (issue 13 §3, user need 4),
 * against the real engine: the console keeps the grant only then, renews the credentials before
 * they expire — a resumable upload whose parts each meet fresh credentials completes to the exact
 * bytes, and an open live trace keeps its session renewed by its pings — and a renewal that fails
 * keeps the old credentials while they last, then ends the session. With credentials as long as
 * the session nothing but them is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialRenewal } from '../src/session/credential-renewal.js';
import { loadSessionKey } from '../src/session/session-key.js';
import { SessionStore, type Session } from '../src/session/session-store.js';
import { StorageClients } from '../src/storage/storage-clients.js';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

const MIB = 1024 * 1024;
const PART = 5 * MIB;
const BUCKET = 'renewals';

let engine: EngineHandle;
/** Asks STS for 900 s and renews when less than 900 s are left: every request renews. */
let renewing: RunningConsole;
/** Defaults: credentials as long as the 12-hour session. */
let plain: RunningConsole;

async function storeOf(consoleApp: RunningConsole): Promise<SessionStore> {
  const key = await loadSessionKey(consoleApp.dataDir, undefined);
  return SessionStore.open({ dir: path.join(consoleApp.dataDir, 'sessions'), key });
}

async function sessionOf(consoleApp: RunningConsole, client: ConsoleClient): Promise<Session> {
  const id = (client.cookie ?? '').replace(/^token=/, '');
  const session = await (await storeOf(consoleApp)).get(id);
  if (!session) throw new Error('no session');
  return session;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 1 });
  renewing = await startConsole(engine.url, {
    stsSeconds: 900,
    credentialRenewMarginSeconds: 900,
    uploadPartSize: PART,
    // Live sockets re-check (and renew) their session on every ping.
    streams: { pingIntervalMs: 200 },
  });
  plain = await startConsole(engine.url);
});

afterAll(async () => {
  await renewing?.close();
  await plain?.close();
  await removeDir(renewing?.dataDir ?? '');
  await removeDir(plain?.dataDir ?? '');
  await engine?.stop();
});

describe('credentials as long as the session', () => {
  it('keep nothing to renew with: no secret is stored', async () => {
    const client = new ConsoleClient(plain.url);
    await client.login(engine.accessKey, engine.secretKey);
    const session = await sessionOf(plain, client);
    expect(session.renewal).toBeUndefined();
    expect(session.credentials.sessionToken).toBeDefined();
    expect(session.expiresAt - Date.now()).toBeGreaterThan(12 * 3600 * 1000 - 60_000);
  });
});

describe('credentials shorter than the session', () => {
  it('are renewed on the way, and a resumable upload across renewals completes', async () => {
    const client = new ConsoleClient(renewing.url);
    await client.login(engine.accessKey, engine.secretKey);
    const first = await sessionOf(renewing, client);
    // The server granted 900 s: the session still lasts its 12 hours, and keeps the grant.
    expect(first.credentials.expiresAt! - Date.now()).toBeLessThanOrEqual(900_000);
    expect(first.expiresAt - Date.now()).toBeGreaterThan(12 * 3600 * 1000 - 60_000);
    expect(first.renewal?.method).toBe('assume-role');

    expect((await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
    const data = randomBytes(2 * PART + 1024);
    const created = await client.json<{ key: string; upload_id: string; token: string }>(
      'POST',
      `/api/v1/buckets/${BUCKET}/multipart-uploads`,
      { json: { key: 'long/upload.bin', size: data.length, content_type: 'application/octet-stream' } },
    );
    expect(created.status).toBe(200);
    const u = created.body;
    const q = `key=${encodeURIComponent(u.key)}&upload_id=${encodeURIComponent(u.upload_id)}&token=${encodeURIComponent(u.token)}`;
    const seen = new Set<string>([first.credentials.accessKey]);
    const parts: { part_number: number; etag: string }[] = [];
    for (let n = 1; n <= 3; n++) {
      const body = data.subarray((n - 1) * PART, Math.min(n * PART, data.length));
      const put = await client.json<{ etag: string }>(
        'PUT',
        `/api/v1/buckets/${BUCKET}/multipart-uploads/parts?${q}&part_number=${n}`,
        { body, headers: { 'content-type': 'application/octet-stream' } },
      );
      expect(put.status).toBe(200);
      parts.push({ part_number: n, etag: put.body.etag });
      seen.add((await sessionOf(renewing, client)).credentials.accessKey);
    }
    // Each part met credentials issued for it.
    expect(seen.size).toBeGreaterThanOrEqual(4);
    const done = await client.json<{ size: number }>(
      'POST',
      `/api/v1/buckets/${BUCKET}/multipart-uploads/complete?${q}`,
      { json: { parts } },
    );
    expect(done.status).toBe(200);
    expect(done.body.size).toBe(data.length);
    const res = await client.request(
      'GET',
      `/api/v1/buckets/${BUCKET}/objects/download?prefix=${encodeURIComponent(u.key)}`,
    );
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(data));
    // Same session all along.
    expect((await sessionOf(renewing, client)).id).toBe(first.id);
  });

  it('are renewed while only a live trace is open, and the trace stays open', async () => {
    const client = new ConsoleClient(renewing.url);
    await client.login(engine.accessKey, engine.secretKey);
    const first = await sessionOf(renewing, client);
    const ws = new WebSocket(`${renewing.url.replace(/^http/, 'ws')}/ws/trace?calls=s3`, {
      headers: { cookie: client.cookie ?? '', origin: renewing.url },
    });
    let closed = false;
    ws.once('close', () => (closed = true));
    await once(ws, 'open');
    ws.send('ok');
    // Nothing else is asked: only the socket's pings find the credentials due.
    const deadline = Date.now() + 10_000;
    let renewed = first;
    while (renewed.credentials.accessKey === first.credentials.accessKey && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      renewed = await sessionOf(renewing, client);
    }
    expect(renewed.credentials.accessKey).not.toBe(first.credentials.accessKey);
    expect(closed).toBe(false);
    ws.close();
  });

  it('keeps the old credentials while they last when a renewal fails, then ends the session', async () => {
    const client = new ConsoleClient(renewing.url);
    await client.login(engine.accessKey, engine.secretKey);
    const store = await storeOf(renewing);
    const session = await sessionOf(renewing, client);
    // A grant the server refuses (the account's secret changed since sign-in).
    await store.update(session.id, {
      credentials: session.credentials,
      renewal: { method: 'assume-role', accessKey: engine.accessKey, secretKey: 'no-longer-the-secret' },
    });
    let now = Date.now();
    const clients = new StorageClients({ serverUrl: engine.url, region: 'us-east-1' });
    const renewal = new CredentialRenewal({
      issuer: { serverUrl: engine.url, clients },
      sessions: store,
      renewMarginMs: 900_000,
      stsSeconds: 900,
      maxStsSeconds: 7 * 24 * 3600,
      log: pino({ level: 'silent' }),
      now: () => now,
    });
    const refused = await store.get(session.id);
    expect(refused).toBeDefined();
    const kept = await renewal.fresh(refused!);
    expect(kept?.credentials.accessKey).toBe(session.credentials.accessKey);
    // Past the credentials' expiry, a failed renewal ends the session.
    now = session.credentials.expiresAt! + 1000;
    expect(await renewal.fresh(refused!)).toBeUndefined();
    expect(await store.get(session.id)).toBeUndefined();
    clients.close();
  });
});
