/**
 * The built-in KMS's master key, which is also its default key. Where it comes from, in order:
 * 1. an explicit option (`createEngine({ kmsSecretKey })`);
 * 2. the environment: `COFFER_KMS_SECRET_KEY`, else MinIO's `MINIO_KMS_SECRET_KEY`, both in MinIO's
 *    format `<key-name>:<base64 of 32 bytes>`;
 * 3. a file in the data directory (`.coffer-kms-key`, mode 0600, same format) generated at the first
 *    start and reused afterwards — next to the root credentials file, never on the drives, so the
 *    drives alone (a stolen disk) do not carry the key that unseals their data.
 *
 * A malformed value is a StartupError naming where it came from: an engine never starts with a
 * key other than the one the operator gave.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from '../storage/startup-error.js';
import { isValidKeyName } from './key-names.js';

export const KMS_KEY_FILE_NAME = '.coffer-kms-key';
/** The name of a generated master key. */
export const GENERATED_KEY_NAME = 'coffer-default-key';

export type MasterKeySource = 'options' | 'environment' | 'generated' | 'stored';

export interface MasterKey {
  /** The key's name: the KMS's default key id. */
  name: string;
  /** 32 bytes. */
  material: Buffer;
}

export interface ResolvedMasterKey extends MasterKey {
  source: MasterKeySource;
  /** The data dir's key file, when the key was generated now or read from it. */
  file?: string;
  /** When the key came into use, when known (generated now, or the key file's time). */
  createdAt?: Date;
}

/** Parse `<key-name>:<base64 of 32 bytes>`; throws StartupError saying what is wrong, naming `origin`. */
export function parseKmsSecretKey(text: string, origin: string): MasterKey {
  const value = text.trim();
  const colon = value.indexOf(':');
  if (colon <= 0) {
    throw new StartupError(
      `${origin}: expected '<key-name>:<base64 of 32 bytes>' (MinIO's KMS secret key format)`,
    );
  }
  const name = value.slice(0, colon);
  const encoded = value.slice(colon + 1);
  if (!isValidKeyName(name)) {
    throw new StartupError(
      `${origin}: invalid key name '${name}' (letters, digits, '-', '_', '.'; at most 128 characters)`,
    );
  }
  const material = Buffer.from(encoded, 'base64');
  // Buffer.from ignores characters outside the alphabet: re-encode to refuse anything but base64.
  if (
    material.length !== 32 ||
    material.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')
  ) {
    throw new StartupError(`${origin}: the key must be the base64 encoding of exactly 32 bytes`);
  }
  return { name, material };
}

/** The KMS secret key in MinIO's text format. */
export function formatKmsSecretKey(key: MasterKey): string {
  return `${key.name}:${key.material.toString('base64')}`;
}

export interface ResolveMasterKeyOptions {
  secretKey?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Directory holding the generated key file (created when missing). */
  dataDir: string;
}

/** Pick the master key from the first place that has one (see the module comment). */
export async function resolveMasterKey(options: ResolveMasterKeyOptions): Promise<ResolvedMasterKey> {
  if (options.secretKey !== undefined) {
    return { ...parseKmsSecretKey(options.secretKey, 'KMS secret key option'), source: 'options' };
  }
  const env = options.env ?? process.env;
  for (const name of ['COFFER_KMS_SECRET_KEY', 'MINIO_KMS_SECRET_KEY']) {
    const value = env[name];
    if (value !== undefined && value !== '') {
      return { ...parseKmsSecretKey(value, name), source: 'environment' };
    }
  }
  return loadOrGenerate(options.dataDir);
}

async function loadOrGenerate(dataDir: string): Promise<ResolvedMasterKey> {
  const file = join(dataDir, KMS_KEY_FILE_NAME);
  const stored = await readKeyFile(file);
  if (stored) return { ...stored, source: 'stored', file, createdAt: (await stat(file)).mtime };

  const key: MasterKey = { name: GENERATED_KEY_NAME, material: randomBytes(32) };
  try {
    await mkdir(dataDir, { recursive: true });
    // Mode 0600 from the first byte, written under a temporary name and renamed: never readable by
    // others, never half-written. `wx` + link-free rename also refuses to follow a planted file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, `${formatKmsSecretKey(key)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  } catch (err) {
    throw new StartupError(`cannot store the generated KMS master key in ${file}: ${describe(err)}`);
  }
  return { ...key, source: 'generated', file, createdAt: new Date() };
}

async function readKeyFile(file: string): Promise<MasterKey | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StartupError(`cannot read the KMS master key file ${file}: ${describe(err)}`);
  }
  const key = parseKmsSecretKey(text, `the KMS master key file ${file}`);
  // The file holds the key to every encrypted object: tighten permissions if someone loosened them.
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) !== 0) await chmod(file, 0o600);
  return key;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
