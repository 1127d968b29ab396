/**
 * The object list's opaque continuation: where the next answer starts, in the form the kind of
 * listing needs — an S3 continuation token (folder pages), key and version-id markers (version
 * pages), or the last key examined (search). base64url JSON; a token of another kind, or one that
 * does not decode, is an invalid request.
 */
import { invalidRequest } from '../../errors.js';

export type Continuation =
  { m: 'page'; t: string } | { m: 'versions'; k: string; v?: string } | { m: 'search'; a: string };

export function encodeContinuation(c: Continuation): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

export function decodeContinuation<M extends Continuation['m']>(
  token: string | undefined,
  kind: M,
): Extract<Continuation, { m: M }> | undefined {
  if (token === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const c = value as Partial<Record<'m' | 't' | 'k' | 'v' | 'a', unknown>> | undefined;
  const ok =
    typeof c === 'object' &&
    c !== null &&
    c.m === kind &&
    (kind !== 'page' || typeof c.t === 'string') &&
    (kind !== 'versions' || (typeof c.k === 'string' && (c.v === undefined || typeof c.v === 'string'))) &&
    (kind !== 'search' || typeof c.a === 'string');
  if (!ok)
    throw invalidRequest(
      'Invalid continuation',
      `the continuation token does not belong to this ${kind} listing`,
    );
  return c as Extract<Continuation, { m: M }>;
}
