/**
 * Request and response bodies of the IAM admin calls.
 *
 * - Encrypted requests (`add-user`, `add-service-account`, `update-service-account`, policy
 *   attach/detach; wire doc §2.5) carry a madmin envelope keyed by the secret of the credential
 *   that signed the request; they need a Content-Length of at most 262,272 bytes (MinIO
 *   `maxEConfigJSONSize`, else XMinioAdminConfigTooLarge), and a body that does not decrypt or is
 *   not JSON is XMinioAdminConfigBadJSON.
 * - Encrypted responses (`list-users`, service-account info and lists, policy entities, …) are the
 *   JSON encrypted with the caller's secret, still sent as `application/json`.
 * - JSON is written as Go's encoder writes it (`admin-json.ts`).
 *
 * Argon2id makes every envelope cost ~100–200 ms of CPU (wire doc §2.4): only these IAM calls pay
 * it, never the S3 path.
 */
import { PayloadDecryptError, decryptData, encryptData } from '@coffer/protocol';
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { AdminConfigBadJson } from '../bucket/errors.js';
import { AdminConfigTooLarge, MissingContentLength } from '../http/request-errors.js';
import { EntityTooLarge } from '../common/errors.js';
import { goJson } from './admin-json.js';
import { callerOf } from './admin-auth.js';

/** MinIO `maxEConfigJSONSize`. */
export const MAX_ENCRYPTED_BODY = 262_272;
/** MinIO `maxBucketPolicySize`, the limit of a canned policy document. */
export const MAX_POLICY_BODY = 20 * 1024;

function declaredLength(ctx: RequestContext): number {
  const declared = ctx.auth?.contentLength ?? -1;
  if (declared >= 0) return declared;
  const header = ctx.req.headers['content-length'];
  return typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : -1;
}

/** The decrypted plaintext of an encrypted admin request. */
export async function readEncryptedBody(ctx: RequestContext): Promise<Buffer> {
  const length = declaredLength(ctx);
  if (length < 0 || length > MAX_ENCRYPTED_BODY) throw new AdminConfigTooLarge();
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_ENCRYPTED_BODY);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new AdminConfigTooLarge();
    throw err;
  }
  try {
    return await decryptData(callerOf(ctx).secretKey, body);
  } catch (err) {
    if (err instanceof PayloadDecryptError)
      throw new AdminConfigBadJson(`could not decrypt the request: ${err.message}`);
    throw err;
  }
}

/** An encrypted admin request's JSON object. */
export async function readEncryptedJson(ctx: RequestContext): Promise<Record<string, unknown>> {
  return parseJsonObject(await readEncryptedBody(ctx));
}

/** A plain JSON body (e.g. `update-group-members`), limited to `limit` bytes. */
export async function readPlainBody(ctx: RequestContext, limit: number): Promise<Buffer> {
  const length = declaredLength(ctx);
  if (length < 0) throw new MissingContentLength();
  if (length > limit) throw new EntityTooLarge();
  return readBody(ctx, limit);
}

/** Bytes → a JSON object, or AdminConfigBadJson. */
export function parseJsonObject(data: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (err) {
    throw new AdminConfigBadJson(
      `JSON configuration provided is of incorrect format: ${(err as Error).message}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AdminConfigBadJson('JSON configuration provided is of incorrect format: expected an object');
  }
  return value as Record<string, unknown>;
}

/** A string field (absent → undefined; another type → AdminConfigBadJson). */
export function stringField(doc: Record<string, unknown>, name: string): string | undefined {
  const v = doc[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new AdminConfigBadJson(`${name} must be a string`);
  return v;
}

/** A list-of-strings field (absent or null → []). */
export function stringListField(doc: Record<string, unknown>, name: string): string[] {
  const v = doc[name];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    throw new AdminConfigBadJson(`${name} must be a list of strings`);
  }
  return v as string[];
}

/** A Go time.Time field: RFC 3339; absent, null or Go's zero time → undefined. */
export function timeField(doc: Record<string, unknown>, name: string): Date | undefined {
  const v = stringField(doc, name);
  if (v === undefined || v === '' || v.startsWith('0001-01-01')) return undefined;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) throw new AdminConfigBadJson(`${name} must be an RFC 3339 time`);
  return new Date(ms);
}

/** Write `value` as JSON encrypted with the caller's secret (200, application/json). */
export async function sendEncryptedJson(ctx: RequestContext, value: unknown): Promise<void> {
  const plain = Buffer.from(goJson(value).trimEnd(), 'utf8');
  const body = await encryptData(callerOf(ctx).secretKey, plain);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'application/json');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(body);
}

/** 200 with an empty body (most IAM changes). */
export function sendEmptyOk(ctx: RequestContext): void {
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}

/** 204 No Content (service-account update and delete). */
export function sendNoContent(ctx: RequestContext): void {
  ctx.res.statusCode = 204;
  ctx.res.end();
}

/** A query parameter, '' when absent. */
export function queryParam(ctx: RequestContext, name: string): string {
  return ctx.query.get(name) ?? '';
}
