/**
 * The activated license key, kept in the console's data dir (`license.key`, mode 0600, written
 * atomically). Only keys that verified are stored; each read verifies again, so a key that expired
 * since, or a changed public key, shows as no subscription (spec 2 §4: the plan is Community).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class LicenseStore {
  private readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'license.key');
  }

  async read(): Promise<string | undefined> {
    try {
      const text = (await readFile(this.path, 'utf8')).trim();
      return text === '' ? undefined : text;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async write(token: string): Promise<void> {
    const temp = `${this.path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, `${token.trim()}\n`, { mode: 0o600 });
    await rename(temp, this.path);
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
