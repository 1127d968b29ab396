/**
 * The bearer token a storage server's `audit_webhook` target presents when it delivers audit
 * entries to the console: from the configuration when given, otherwise `<data dir>/audit.token`
 * (created on first start, 0600, exclusive create — `npm start` reads the same file to configure
 * the embedded engine). Checked in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const AUDIT_TOKEN_FILE = 'audit.token';

export async function loadAuditToken(dataDir: string, fromConfig?: string): Promise<string> {
  if (fromConfig !== undefined && fromConfig !== '') return fromConfig;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, AUDIT_TOKEN_FILE);
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const token = (await readFile(file, 'utf8')).trim();
  if (token.length < 16) throw new Error(`${file} holds no usable token (at least 16 characters)`);
  await chmod(file, 0o600);
  return token;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` (or the bare token, as MinIO sends a token without a scheme). */
export function presentsToken(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  const given = header.replace(/^Bearer\s+/i, '').trim();
  return timingSafeEqual(digest(given), digest(token));
}
