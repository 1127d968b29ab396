import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSessionKey } from './session-key.js';
import { SessionStore, type SessionData } from './session-store.js';

let dir: string;
let clock: number;
const now = (): number => clock;

const sample = (overrides: Partial<SessionData> = {}): Omit<SessionData, 'createdAt'> => ({
  accountName: 'alice',
  kind: 'sts',
  credentials: {
    accessKey: 'TEMPKEY',
    secretKey: 'temp-secret',
    sessionToken: 'jwt',
    expiresAt: clock + 3600_000,
  },
  expiresAt: clock + 3600_000,
  ...overrides,
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sessions-'));
  clock = 1_700_000_000_000;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SessionStore', () => {
  it('creates sessions with 256-bit ids and finds them again', async () => {
    const store = await SessionStore.open({ dir, key: randomBytes(32), now });
    const s = await store.create(sample());
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(s.id, 'base64url')).toHaveLength(32);
    expect(await store.get(s.id)).toMatchObject({ id: s.id, accountName: 'alice', createdAt: clock });
    expect(await store.get('x'.repeat(43))).toBeUndefined();
    expect(await store.get('../../etc/passwd')).toBeUndefined();
  });

  it('persists encrypted, mode 0600, named by a hash of the id; a new store with the same key reads it', async () => {
    const key = randomBytes(32);
    const store = await SessionStore.open({ dir, key, now });
    const s = await store.create(sample());
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const file = files[0]!;
    expect(file).not.toContain(s.id);
    expect((await stat(path.join(dir, file))).mode & 0o777).toBe(0o600);
    const raw = await readFile(path.join(dir, file));
    expect(raw.includes(Buffer.from('temp-secret'))).toBe(false);
    expect(raw.includes(Buffer.from('alice'))).toBe(false);

    const reopened = await SessionStore.open({ dir, key, now });
    expect(await reopened.get(s.id)).toMatchObject({
      accountName: 'alice',
      credentials: { secretKey: 'temp-secret' },
    });
  });

  it('refuses sessions under another key, and a file moved to another id', async () => {
    const store = await SessionStore.open({ dir, key: randomBytes(32), now });
    const a = await store.create(sample());
    const b = await store.create(sample({ accountName: 'bob' }));
    const other = await SessionStore.open({ dir, key: randomBytes(32), now });
    expect(await other.get(a.id)).toBeUndefined();

    // Copy b's file over a's name: the associated data (the file name) no longer matches.
    const key = randomBytes(32);
    const s2 = await SessionStore.open({ dir: path.join(dir, 'x'), key, now });
    const c = await s2.create(sample());
    const d = await s2.create(sample({ accountName: 'mallory' }));
    const names = await readdir(path.join(dir, 'x'));
    const fresh = await SessionStore.open({ dir: path.join(dir, 'x'), key, now });
    const blobs = await Promise.all(names.map((n) => readFile(path.join(dir, 'x', n))));
    await writeFile(path.join(dir, 'x', names[0]!), blobs[1]!);
    await writeFile(path.join(dir, 'x', names[1]!), blobs[0]!);
    expect(await fresh.get(c.id)).toBeUndefined();
    expect(await fresh.get(d.id)).toBeUndefined();
    expect(b.id).not.toBe(a.id);
  });

  it('revokes: gone from memory and disk, also for a new store', async () => {
    const key = randomBytes(32);
    const store = await SessionStore.open({ dir, key, now });
    const s = await store.create(sample());
    await store.revoke(s.id);
    expect(await store.get(s.id)).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
    const reopened = await SessionStore.open({ dir, key, now });
    expect(await reopened.get(s.id)).toBeUndefined();
  });

  it('expires sessions at expiresAt and sweeps expired files', async () => {
    const key = randomBytes(32);
    const store = await SessionStore.open({ dir, key, now });
    const short = await store.create(sample({ expiresAt: clock + 1000 }));
    const long = await store.create(sample({ expiresAt: clock + 10_000 }));
    clock += 999;
    expect(await store.get(short.id)).toBeDefined();
    clock += 1;
    expect(await store.get(short.id)).toBeUndefined();
    expect(await readdir(dir)).toHaveLength(1);

    const third = await store.create(sample({ expiresAt: clock + 5 }));
    clock += 10;
    const reopened = await SessionStore.open({ dir, key, now });
    expect(await reopened.sweep()).toBe(1);
    expect(await reopened.get(third.id)).toBeUndefined();
    expect(await reopened.get(long.id)).toBeDefined();
  });
});

describe('loadSessionKey', () => {
  it('creates a 32-byte key file with mode 0600 once and reads it back', async () => {
    const k1 = await loadSessionKey(dir);
    const k2 = await loadSessionKey(dir);
    expect(k1).toHaveLength(32);
    expect(k2.equals(k1)).toBe(true);
    expect((await stat(path.join(dir, 'session.key'))).mode & 0o777).toBe(0o600);
  });

  it('takes a configured key and refuses a wrong length', async () => {
    const key = randomBytes(32);
    expect((await loadSessionKey(dir, key.toString('base64'))).equals(key)).toBe(true);
    await expect(loadSessionKey(dir, randomBytes(16).toString('base64'))).rejects.toThrow(/32 bytes/);
  });
});
