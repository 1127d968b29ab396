/**
 * Where the root credential comes from, in order (issue 2 §1, MinIO's `MINIO_ROOT_USER` rules):
 * 1. explicit options (`createEngine({ rootUser, rootPassword })`);
 * 2. the environment: `COFFER_ROOT_USER`/`COFFER_ROOT_PASSWORD`, else `MINIO_ROOT_USER`/
 *    `MINIO_ROOT_PASSWORD`;
 * 3. a file in the data directory (`.coffer-credentials.json`, mode 0600) written at the first
 *    start with generated keys and reused afterwards.
 *
 * Half a pair (a user without a password) is an error rather than a silent fallback, so a typo in
 * an environment variable never leaves the server running with keys the operator did not expect.
 * Validation follows MinIO: access key at least 3 characters, secret at least 8, and neither may
 * contain `=` or `,` (they would break the SigV4 `Credential=` header).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, stat, writeFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from '../storage/startup-error.js';
import { generateAccessKey, generateSecretKey } from './generate-keys.js';

export const CREDENTIALS_FILE_NAME = '.coffer-credentials.json';

export type RootCredentialSource = 'options' | 'environment' | 'generated' | 'stored';

export interface RootCredentials {
  accessKey: string;
  secretKey: string;
  /** Where they came from: given, environment, generated now, or read from the data dir's file. */
  source: RootCredentialSource;
  /** The credentials file, when the keys were generated now or read from it. */
  file?: string;
}

export interface ResolveRootCredentialsOptions {
  rootUser?: string | undefined;
  rootPassword?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Directory holding the generated credentials file (created when missing). */
  dataDir: string;
}

/** Throws a StartupError explaining what is wrong with the pair; `origin` names where it came from. */
export function validateRootCredentials(accessKey: string, secretKey: string, origin: string): void {
  if (accessKey.length < 3) {
    throw new StartupError(`${origin}: the root user (access key) must be at least 3 characters long`);
  }
  if (secretKey.length < 8) {
    throw new StartupError(`${origin}: the root password (secret key) must be at least 8 characters long`);
  }
  // '=' and ',' delimit the fields of the SigV4 Authorization header (MinIO refuses them too).
  if (/[=,]/.test(accessKey)) {
    throw new StartupError(`${origin}: the root user (access key) must not contain '=' or ','`);
  }
}

/** Pick the pair from the first place that has one (see the module comment). */
export async function resolveRootCredentials(
  options: ResolveRootCredentialsOptions,
): Promise<RootCredentials> {
  const env = options.env ?? process.env;
  if (options.rootUser !== undefined || options.rootPassword !== undefined) {
    if (!options.rootUser || !options.rootPassword) {
      throw new StartupError('rootUser and rootPassword must be given together');
    }
    validateRootCredentials(options.rootUser, options.rootPassword, 'root credentials');
    return { accessKey: options.rootUser, secretKey: options.rootPassword, source: 'options' };
  }
  for (const prefix of ['COFFER', 'MINIO']) {
    const user = env[`${prefix}_ROOT_USER`];
    const password = env[`${prefix}_ROOT_PASSWORD`];
    if (!user && !password) continue;
    if (!user || !password) {
      const missing = user ? `${prefix}_ROOT_PASSWORD` : `${prefix}_ROOT_USER`;
      const present = user ? `${prefix}_ROOT_USER` : `${prefix}_ROOT_PASSWORD`;
      throw new StartupError(
        `${present} is set but ${missing} is not: set both, or neither to use generated keys`,
      );
    }
    validateRootCredentials(user, password, `${prefix}_ROOT_USER/${prefix}_ROOT_PASSWORD`);
    return { accessKey: user, secretKey: password, source: 'environment' };
  }
  return loadOrGenerate(options.dataDir);
}

interface CredentialsFile {
  accessKey: string;
  secretKey: string;
  created?: string;
}

async function loadOrGenerate(dataDir: string): Promise<RootCredentials> {
  const file = join(dataDir, CREDENTIALS_FILE_NAME);
  const stored = await readCredentialsFile(file);
  if (stored) return { ...stored, source: 'stored', file };

  const accessKey = generateAccessKey();
  const secretKey = generateSecretKey();
  const doc: CredentialsFile = { accessKey, secretKey, created: new Date().toISOString() };
  try {
    await mkdir(dataDir, { recursive: true });
    // Written under a temporary name with mode 0600 from the start (never readable by others,
    // not even briefly), then renamed: a crash never leaves a half-written credentials file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  } catch (err) {
    throw new StartupError(`cannot store generated root credentials in ${file}: ${describe(err)}`);
  }
  return { accessKey, secretKey, source: 'generated', file };
}

async function readCredentialsFile(
  file: string,
): Promise<{ accessKey: string; secretKey: string } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StartupError(`cannot read the root credentials file ${file}: ${describe(err)}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new StartupError(`the root credentials file ${file} is not valid JSON; fix or delete it`);
  }
  const { accessKey, secretKey } = (doc ?? {}) as Partial<CredentialsFile>;
  if (typeof accessKey !== 'string' || typeof secretKey !== 'string') {
    throw new StartupError(`the root credentials file ${file} lacks accessKey/secretKey; fix or delete it`);
  }
  validateRootCredentials(accessKey, secretKey, file);
  // The file holds the root secret: tighten permissions if someone loosened them.
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) !== 0) await chmod(file, 0o600);
  return { accessKey, secretKey };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
