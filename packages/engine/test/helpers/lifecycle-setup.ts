/**
 * Engines and calls for the lifecycle and tier tests: an in-process engine with a short lifecycle
 * day and no timed scans (the tests call `scanUsage()`), PutBucketLifecycle as raw XML with its
 * Content-MD5, and the admin tier calls as madmin sends them (encrypted bodies).
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '../../src/engine.js';
import { MADMIN_ALG_PBKDF2_AES_GCM, encryptData } from '@coffer/protocol';
import type { AdminAnswer, Keys } from './admin-calls.js';
import { signedRequest, type SignedReply } from './signed-request.js';

/** A lifecycle "day" in the tests. */
export const TEST_DAY_MS = 400;

export async function startTestEngine(name: string, root: Keys): Promise<{ engine: Engine; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), `coffer-${name}-`));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  const engine = await createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    log: process.env.COFFER_TEST_LOG === '1' ? (line) => console.log(line) : () => undefined,
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
    lifecycleDayMs: TEST_DAY_MS,
  });
  await engine.scanUsage();
  return { engine, dir };
}

export function putLifecycle(
  engine: Engine,
  root: Keys,
  bucket: string,
  rules: string,
): Promise<SignedReply> {
  const body = `<LifecycleConfiguration>${rules}</LifecycleConfiguration>`;
  return signedRequest(engine.url, root, {
    method: 'PUT',
    path: `/${bucket}?lifecycle`,
    body,
    headers: { 'content-md5': createHash('md5').update(body).digest('base64') },
  });
}

/**
 * An admin call with a madmin-encrypted body, in madmin's FIPS form (PBKDF2 + AES-GCM): the
 * engine decrypts either form, and PBKDF2 costs milliseconds where Argon2id costs most of a second
 * on a loaded machine (one test per file keeps madmin's default Argon2id form, `adminCall`).
 */
export async function encryptedCall(
  engine: Engine,
  root: Keys,
  method: string,
  op: string,
  value: unknown,
): Promise<AdminAnswer> {
  const body = await encryptData(root.secretKey, Buffer.from(JSON.stringify(value)), {
    algorithm: MADMIN_ALG_PBKDF2_AES_GCM,
  });
  const reply = await signedRequest(engine.url, root, { method, path: `/minio/admin/v3/${op}`, body });
  let json: unknown;
  try {
    json = reply.body === '' ? undefined : (JSON.parse(reply.body) as unknown);
  } catch {
    json = undefined;
  }
  return { status: reply.status, text: reply.body, json, headers: new Headers() };
}

/** Admin `PUT /tier` with a TierConfig, encrypted (`encryptedCall`). */
export function addTier(engine: Engine, root: Keys, config: unknown, force = false): Promise<AdminAnswer> {
  return encryptedCall(engine, root, 'PUT', force ? 'tier?force=true' : 'tier', config);
}

/** A MinIO-type tier on another engine. */
export function minioTier(name: string, target: Engine, keys: Keys, bucket: string, prefix = ''): unknown {
  return {
    Version: 'v1',
    Type: 'minio',
    Name: name,
    MinIO: {
      Endpoint: target.url,
      AccessKey: keys.accessKey,
      SecretKey: keys.secretKey,
      Bucket: bucket,
      Prefix: prefix,
      Region: '',
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Random bytes that are not compressible (a transition moves them as they are). */
export function randomBody(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed * 2654435761;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
