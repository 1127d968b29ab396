/**
 * Unsigned STS calls of the identity-provider variants (form POST to `/`, as minio-go and the
 * console send them) and a small engine for the identity tests: in-process, its configuration
 * from MinIO's environment names (`MINIO_IDENTITY_OPENID_*`, `MINIO_IDENTITY_LDAP_*`), a bucket
 * with one object, and policies allowing exactly `s3:GetObject` on it or `s3:PutObject` on it.
 */
import { ConfigStore } from '../../../src/config/config-store.js';
import type { HistoryFileStore } from '../../../src/config/config-history.js';
import type { Keys } from '../admin-calls.js';
import { startHttpEngine, type HttpEngine } from '../http-engine.js';
import { signedRequest } from '../signed-request.js';

export interface StsAnswer {
  status: number;
  body: string;
  /** `<Code>` of an error reply. */
  code: string;
  message: string;
  /** The temporary keys of a success. */
  keys: Keys;
  expiration: string;
  pick(tag: string): string;
}

export async function stsCall(base: string, params: Record<string, string>): Promise<StsAnswer> {
  const reply = await fetch(new URL('/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Version: '2011-06-15', ...params }).toString(),
  });
  const body = await reply.text();
  const pick = (tag: string): string => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(body)?.[1] ?? '';
  return {
    status: reply.status,
    body,
    code: pick('Code'),
    message: pick('Message'),
    keys: {
      accessKey: pick('AccessKeyId'),
      secretKey: pick('SecretAccessKey'),
      sessionToken: pick('SessionToken'),
    },
    expiration: pick('Expiration'),
    pick,
  };
}

export const BUCKET = 'idp-bucket';
export const READ_POLICY = 'idp-read';
export const WRITE_POLICY = 'idp-write';

export interface IdentityEngine {
  engine: HttpEngine;
  url: string;
  root: Keys;
  close(): Promise<void>;
}

/** In-memory system files for the configuration store. */
function memoryFiles(): HistoryFileStore {
  const files = new Map<string, Buffer>();
  return {
    readSystemFile: (p: string) => Promise.resolve(files.get(p)),
    writeSystemFile: (p: string, data: Buffer) => Promise.resolve(void files.set(p, Buffer.from(data))),
    listSystemFiles: (prefix: string) =>
      Promise.resolve([...files.keys()].filter((k) => k.startsWith(prefix))),
    deleteSystemFile: (p: string) => Promise.resolve(void files.delete(p)),
  };
}

function statement(action: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: [action], Resource: [`arn:aws:s3:::${BUCKET}/*`] }],
  });
}

export async function startIdentityEngine(name: string, env: NodeJS.ProcessEnv): Promise<IdentityEngine> {
  const config = await ConfigStore.load({ store: memoryFiles(), env });
  const root = { accessKey: 'idproot', secretKey: 'idproot-secret-key' };
  const engine = await startHttpEngine({ name, ...root, config });
  const url = `http://127.0.0.1:${engine.port}`;
  const iam = engine.context.iam;
  await iam.setCannedPolicy(READ_POLICY, statement('s3:GetObject'));
  await iam.setCannedPolicy(WRITE_POLICY, statement('s3:PutObject'));
  await signedRequest(url, root, { method: 'PUT', path: `/${BUCKET}` });
  await signedRequest(url, root, { method: 'PUT', path: `/${BUCKET}/hello.txt`, body: 'hello' });
  return { engine, url, root, close: () => engine.close() };
}

/** GET (the read policy's action) and PUT (the write policy's) with `keys`: their statuses. */
export async function readAndWrite(url: string, keys: Keys): Promise<{ get: number; put: number }> {
  const get = await signedRequest(url, keys, { method: 'GET', path: `/${BUCKET}/hello.txt` });
  const put = await signedRequest(url, keys, { method: 'PUT', path: `/${BUCKET}/new.txt`, body: 'x' });
  return { get: get.status, put: put.status };
}
