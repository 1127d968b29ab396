/**
 * Small request readers shared by the S3 object handlers: the bucket/key a request addresses,
 * its authentication result, and the query parameters object operations share (versionId,
 * uploadId, partNumber) with S3's validation rules and error codes.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthResult, RequestContext } from '../http/context.js';
import { AccessDenied, InvalidArgument, InvalidRequest } from '../common/errors.js';

export interface ObjectTarget {
  bucket: string;
  key: string;
}

/** The bucket and key of an object request (the router only sends object routes here). */
export function objectTarget(ctx: RequestContext): ObjectTarget {
  const { bucket, key } = ctx.target;
  if (bucket === undefined || bucket === '') throw new InvalidRequest('A bucket name is required.');
  if (key === undefined || key === '') throw new InvalidRequest('An object key is required.', { bucket });
  return { bucket, key };
}

/** The authentication result; object routes are always authenticated (or anonymous) by the router. */
export function requireAuth(ctx: RequestContext): AuthResult {
  if (ctx.auth === undefined) throw new AccessDenied('Access Denied.', ctx.target);
  return ctx.auth;
}

/** A request header as one string (repeated headers joined with a comma), undefined when absent. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** `?versionId=`: undefined when absent; S3 refuses an empty value. */
export function versionIdParam(ctx: RequestContext): string | undefined {
  const v = ctx.query.get('versionId');
  if (v === null) return undefined;
  if (v === '') throw new InvalidArgument('Version id cannot be the empty string', ctx.target);
  return v;
}

/** `?uploadId=` of a multipart operation. */
export function uploadIdParam(ctx: RequestContext): string {
  const v = ctx.query.get('uploadId');
  if (v === null || v === '') throw new InvalidArgument('The uploadId must not be empty.', ctx.target);
  return v;
}

/** S3 part numbers are integers 1..10000. */
export const MAX_PART_NUMBER = 10_000;

/** Parse a part number (UploadPart, UploadPartCopy, GET ?partNumber). */
export function parsePartNumber(value: string | null, where: ObjectTarget): number {
  const n = value !== null && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PART_NUMBER) {
    throw new InvalidArgument('Part number must be an integer between 1 and 10000, inclusive', where);
  }
  return n;
}

/** A non-negative integer query parameter (max-parts, part-number-marker); `fallback` when absent. */
export function intParam(ctx: RequestContext, name: string, fallback: number): number {
  const v = ctx.query.get(name);
  if (v === null || v === '') return fallback;
  if (!/^\d{1,10}$/.test(v))
    throw new InvalidArgument(`Argument ${name} must be an integer between 0 and 2147483647`, ctx.target);
  return Number(v);
}

/** Percent-encode a key for a URL path, keeping `/` as the separator. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** `http(s)://host/bucket/key` of an object as the client addressed this server (Location fields). */
export function objectUrl(ctx: RequestContext, bucket: string, key: string): string {
  const forwarded = headerValue(ctx.req.headers, 'x-forwarded-proto');
  const tls = 'encrypted' in ctx.req.socket && ctx.req.socket.encrypted === true;
  const scheme = forwarded?.split(',')[0]?.trim() || (tls ? 'https' : 'http');
  const host = headerValue(ctx.req.headers, 'host') ?? ctx.engine.endpoint();
  return `${scheme}://${host}/${encodeURIComponent(bucket)}/${encodeKeyPath(key)}`;
}

/**
 * Discard the rest of an upload body that will not be stored (a request refused before its body
 * was handed to the object layer), so the connection can carry the error reply and stay usable.
 */
export function discardBody(ctx: RequestContext): void {
  const body = ctx.auth?.body;
  if (body === undefined || body.destroyed || body.readableEnded) return;
  // A signature or framing error in the discarded rest must not become an unhandled 'error'.
  body.on('error', () => undefined);
  body.resume();
}
