/**
 * Raw admin-API and STS calls for integration tests: SigV4-signed requests built with
 * `@coffer/protocol` (the same code clients use), madmin payload encryption where the call needs
 * it, and the decoded answer. Used to set up IAM state (users, policies, groups, service accounts)
 * before driving real S3 clients with the resulting keys.
 */
import { decryptData, encryptData, signRequest } from '@coffer/protocol';
import type { EngineEndpoint } from './clients.js';

export interface Keys {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
}

export interface AdminCallOptions {
  query?: Record<string, string | string[]>;
  /** A JSON value (or raw text) sent as the body. */
  body?: unknown;
  /** Encrypt the body with the caller's secret (madmin envelope). */
  encrypt?: boolean;
  /** The answer is an envelope to decrypt with the caller's secret. */
  decrypt?: boolean;
  headers?: Record<string, string>;
  /** SigV4 region; madmin signs admin calls with an empty one. Default `us-east-1`. */
  region?: string;
  /** The API prefix before `op`; default `/minio/admin/v3` (MinIO's KMS API: `/minio/kms/v1`). */
  prefix?: string;
}

export interface AdminAnswer {
  status: number;
  /** The (decrypted) body as text. */
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
  /** The response headers (e.g. x-minio-config-applied). */
  headers: Headers;
}

function buildUrl(base: string, path: string, query: AdminCallOptions['query']): URL {
  const url = new URL(path, base);
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(v) ? v : [v]) pairs.push([k, value]);
  }
  // Keys sorted, values in order: the canonical query MinIO computes (wire doc §1.2).
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  url.search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return url;
}

/** One admin call (`/minio/admin/v3/<op>`, or `<prefix>/<op>`) signed with `keys`. */
export async function adminCall(
  engine: { url: string },
  keys: Keys,
  method: string,
  op: string,
  options: AdminCallOptions = {},
): Promise<AdminAnswer> {
  const url = buildUrl(engine.url, `${options.prefix ?? '/minio/admin/v3'}/${op}`, options.query);
  let body: Buffer | undefined;
  if (options.body !== undefined) {
    const text = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    body = Buffer.from(text, 'utf8');
    if (options.encrypt) body = await encryptData(keys.secretKey, body);
  }
  const headers = signRequest({
    method,
    url,
    headers: { ...(options.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) },
    ...(body ? { body } : {}),
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    ...(keys.sessionToken !== undefined ? { sessionToken: keys.sessionToken } : {}),
    region: options.region ?? 'us-east-1',
    service: 's3',
  });
  delete headers.host;
  const res = await fetch(url, { method, headers, ...(body ? { body } : {}) });
  let bytes: Buffer = Buffer.from(await res.arrayBuffer());
  if (options.decrypt && res.status === 200 && bytes.length > 0) {
    bytes = await decryptData(keys.secretKey, bytes);
  }
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

/** An admin call that must succeed; throws with the server's answer otherwise. */
export async function adminOk(
  engine: { url: string },
  keys: Keys,
  method: string,
  op: string,
  options: AdminCallOptions = {},
): Promise<unknown> {
  const answer = await adminCall(engine, keys, method, op, options);
  if (answer.status !== 200 && answer.status !== 204) {
    throw new Error(`${method} ${op} → ${answer.status} ${answer.text}`);
  }
  return answer.json;
}

/** The root keys of an engine process. */
export function rootKeys(engine: EngineEndpoint): Keys {
  return { accessKey: engine.accessKey, secretKey: engine.secretKey };
}

/** Create (or update) a user and attach policies to it. */
export async function createUser(
  engine: EngineEndpoint,
  name: string,
  secret: string,
  policies: string[] = [],
): Promise<Keys> {
  const root = rootKeys(engine);
  await adminOk(engine, root, 'PUT', 'add-user', {
    query: { accessKey: name },
    body: { secretKey: secret, status: 'enabled' },
    encrypt: true,
  });
  if (policies.length > 0) {
    await adminOk(engine, root, 'PUT', 'set-user-or-group-policy', {
      query: { policyName: policies.join(','), userOrGroup: name, isGroup: 'false' },
    });
  }
  return { accessKey: name, secretKey: secret };
}

/** Admin `set-bucket-quota` with a quota document (JSON value or raw text), signed as madmin signs it (empty region). */
export function setBucketQuota(
  engine: { url: string },
  keys: Keys,
  bucket: string,
  doc: unknown,
): Promise<AdminAnswer> {
  return adminCall(engine, keys, 'PUT', 'set-bucket-quota', { query: { bucket }, body: doc, region: '' });
}

/** Admin `get-bucket-quota`, signed as madmin signs it (empty region). */
export function getBucketQuota(engine: { url: string }, keys: Keys, bucket: string): Promise<AdminAnswer> {
  return adminCall(engine, keys, 'GET', 'get-bucket-quota', { query: { bucket }, region: '' });
}

/** STS AssumeRole with long-term keys; resolves with the temporary keys. */
export async function assumeRole(engine: { url: string }, keys: Keys, policy?: string): Promise<Keys> {
  const form = new URLSearchParams({ Action: 'AssumeRole', Version: '2011-06-15', DurationSeconds: '900' });
  if (policy !== undefined) form.set('Policy', policy);
  const body = Buffer.from(form.toString(), 'utf8');
  const url = new URL('/', engine.url);
  const headers = signRequest({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    region: 'us-east-1',
    service: 'sts',
  });
  delete headers.host;
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`AssumeRole → ${res.status} ${text}`);
  const pick = (tag: string): string => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(text)?.[1] ?? '';
  return {
    accessKey: pick('AccessKeyId'),
    secretKey: pick('SecretAccessKey'),
    sessionToken: pick('SessionToken'),
  };
}
