/**
 * The 256-bit key that encrypts the persisted sessions: from the configuration (environment) when
 * given, otherwise `<data dir>/session.key`, created on first start with mode 0600 (exclusive
 * create, so two consoles starting together on one data dir agree on one key). Losing the key
 * only signs everybody out.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SESSION_KEY_FILE = 'session.key';
const KEY_BYTES = 32;

export async function loadSessionKey(dataDir: string, fromConfig?: string): Promise<Buffer> {
  if (fromConfig !== undefined) {
    const key = Buffer.from(fromConfig, 'base64');
    if (key.length !== KEY_BYTES) throw new Error('the session key must be base64 of 32 bytes');
    return key;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SESSION_KEY_FILE);
  try {
    await writeFile(file, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = await readFile(file);
  if (key.length !== KEY_BYTES) {
    throw new Error(`${file} is not a session key (expected ${KEY_BYTES} bytes, found ${key.length})`);
  }
  // Tighten a key file someone copied in with looser permissions.
  await chmod(file, 0o600);
  return key;
}
