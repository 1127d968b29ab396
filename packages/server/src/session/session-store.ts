/**
 * Server-side sessions. A session id is 256 random bits (base64url, the `token` cookie); the
 * session itself — who signed in, the storage credentials it acts with, when it ends — never
 * leaves the server.
 *
 * Persistence: one file per session under `<data dir>/sessions/`, named by SHA-256 of the id (a
 * directory listing reveals no usable id), AES-256-GCM-encrypted with the session key (random
 * 96-bit nonce; the file name is the associated data, so a file cannot be moved to another id),
 * written atomically (temp file + rename) with mode 0600. Sessions therefore survive a console
 * restart, and a logout deletes the file: a captured cookie is refused afterwards, restart or not.
 * A memory map fronts the files; the console process owns its data dir.
 *
 * Expiry is checked on every lookup; `sweep()` removes expired files (run periodically).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SessionCredentials {
  accessKey: string;
  secretKey: string;
  /** Present for STS temporary credentials. */
  sessionToken?: string;
  /** When the storage server stops accepting them (ms since epoch); absent = long-term keys. */
  expiresAt?: number;
}

/**
 * What lets the console ask for fresh temporary credentials before the current ones expire
 * (session/credential-renewal.ts; decision record 0012). Present only when the storage server
 * granted credentials shorter than the session: otherwise nothing is kept.
 */
export type RenewalGrant =
  | { method: 'assume-role'; accessKey: string; secretKey: string }
  | { method: 'ldap'; username: string; password: string }
  | { method: 'web-identity'; refreshToken: string };

export interface SessionData {
  /** The access key the user signed in with (the LDAP user name; the SSO subject's parent user). */
  accountName: string;
  /**
   * 'sts': temporary credentials from AssumeRole; 'direct': the user's own keys (service
   * accounts); 'operator': operator mode — a Kubernetes service-account token (`operatorToken`),
   * no storage credentials (`credentials` are empty).
   */
  kind: 'sts' | 'direct' | 'operator';
  /** Operator sessions: the service-account JWT every Kubernetes call is made with. */
  operatorToken?: string;
  /** How the session signed in (absent: access keys, the form). */
  via?: 'keys' | 'ldap' | 'sso';
  credentials: SessionCredentials;
  renewal?: RenewalGrant;
  createdAt: number;
  expiresAt: number;
}

export interface Session extends SessionData {
  id: string;
}

export interface SessionStoreOptions {
  /** Directory of the session files (created, mode 0700). */
  dir: string;
  /** 32-byte AES-256-GCM key. */
  key: Buffer;
  now?: () => number;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAGIC = Buffer.from('CS1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SUFFIX = '.session';

function fileNameOf(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex') + SUFFIX;
}

function isSessionData(v: unknown): v is SessionData {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  const c = s.credentials as Record<string, unknown> | undefined;
  return (
    typeof s.accountName === 'string' &&
    (s.kind === 'sts' ||
      s.kind === 'direct' ||
      (s.kind === 'operator' && typeof s.operatorToken === 'string')) &&
    typeof s.createdAt === 'number' &&
    typeof s.expiresAt === 'number' &&
    typeof c === 'object' &&
    c !== null &&
    typeof c.accessKey === 'string' &&
    typeof c.secretKey === 'string'
  );
}

export class SessionStore {
  private readonly cache = new Map<string, SessionData>();
  private readonly now: () => number;

  private constructor(
    private readonly dir: string,
    private readonly key: Buffer,
    now: (() => number) | undefined,
  ) {
    this.now = now ?? Date.now;
  }

  static async open(options: SessionStoreOptions): Promise<SessionStore> {
    if (options.key.length !== 32) throw new Error('session key must be 32 bytes');
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    return new SessionStore(options.dir, options.key, options.now);
  }

  private encrypt(fileName: string, data: SessionData): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(fileName, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
    return Buffer.concat([MAGIC, nonce, cipher.getAuthTag(), body]);
  }

  private decrypt(fileName: string, blob: Buffer): SessionData | undefined {
    if (
      blob.length < MAGIC.length + NONCE_BYTES + TAG_BYTES ||
      !blob.subarray(0, MAGIC.length).equals(MAGIC)
    ) {
      return undefined;
    }
    const nonce = blob.subarray(MAGIC.length, MAGIC.length + NONCE_BYTES);
    const tag = blob.subarray(MAGIC.length + NONCE_BYTES, MAGIC.length + NONCE_BYTES + TAG_BYTES);
    const body = blob.subarray(MAGIC.length + NONCE_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
      decipher.setAAD(Buffer.from(fileName, 'utf8'));
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      const data: unknown = JSON.parse(text);
      return isSessionData(data) ? data : undefined;
    } catch {
      // Another key (rotated or lost) or a damaged file: the session is gone.
      return undefined;
    }
  }

  /** Create and persist a session; its id is returned in `id`. */
  async create(data: Omit<SessionData, 'createdAt'>): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const fileName = fileNameOf(id);
    const full: SessionData = { ...data, createdAt: this.now() };
    const path = join(this.dir, fileName);
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, this.encrypt(fileName, full), { mode: 0o600 });
    await rename(temp, path);
    this.cache.set(fileName, full);
    return { id, ...full };
  }

  /**
   * Replace a live session's credentials (and what renews them) after a renewal; the id, account
   * and session length stay. False when the session has ended meanwhile (nothing is written).
   */
  async update(
    id: string,
    change: Pick<SessionData, 'credentials'> & Partial<Pick<SessionData, 'renewal' | 'expiresAt'>>,
  ): Promise<Session | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const { id: _id, ...data } = current;
    const next: SessionData = { ...data, ...change };
    const fileName = fileNameOf(id);
    const path = join(this.dir, fileName);
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, this.encrypt(fileName, next), { mode: 0o600 });
    // A logout while the file was written wins: the session stays gone.
    if (!this.cache.has(fileName)) {
      await rm(temp, { force: true });
      return undefined;
    }
    await rename(temp, path);
    this.cache.set(fileName, next);
    return { id, ...next };
  }

  /** The live session for `id`, or undefined (unknown, malformed, revoked or expired). */
  async get(id: string): Promise<Session | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    const fileName = fileNameOf(id);
    let data = this.cache.get(fileName);
    if (!data) {
      let blob: Buffer;
      try {
        blob = await readFile(join(this.dir, fileName));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      data = this.decrypt(fileName, blob);
      if (!data) {
        await rm(join(this.dir, fileName), { force: true });
        return undefined;
      }
      this.cache.set(fileName, data);
    }
    if (data.expiresAt <= this.now()) {
      await this.remove(fileName);
      return undefined;
    }
    return { id, ...data };
  }

  /** End a session now (logout, or credentials the storage server refuses). */
  async revoke(id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) return;
    await this.remove(fileNameOf(id));
  }

  private async remove(fileName: string): Promise<void> {
    this.cache.delete(fileName);
    await rm(join(this.dir, fileName), { force: true });
  }

  /** Delete expired (and unreadable) session files; returns how many went. */
  async sweep(): Promise<number> {
    let removed = 0;
    const now = this.now();
    for (const name of await readdir(this.dir)) {
      if (name.endsWith('.tmp')) continue;
      if (!name.endsWith(SUFFIX)) continue;
      let data = this.cache.get(name);
      if (!data) {
        const blob = await readFile(join(this.dir, name)).catch(() => undefined);
        data = blob ? this.decrypt(name, blob) : undefined;
      }
      if (!data || data.expiresAt <= now) {
        await this.remove(name);
        removed++;
      }
    }
    return removed;
  }
}
