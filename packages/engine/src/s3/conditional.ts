/**
 * HTTP conditional requests as S3 applies them (RFC 7232 plus S3's documented precedence):
 * - GET/HEAD: If-Match, If-Unmodified-Since, If-None-Match, If-Modified-Since → 200, 304 or 412.
 * - CopyObject / UploadPartCopy: the `x-amz-copy-source-if-*` variants, where every failure is 412.
 * - PutObject / CompleteMultipartUpload: If-None-Match `*` and If-Match, checked atomically by the
 *   object layer at commit through a `precondition` callback.
 *
 * Precedence (S3 docs, "Conditional requests"): when If-Match is present and true, a false
 * If-Unmodified-Since is ignored; when If-None-Match is present and false (the ETag matches), the
 * result is 304 whatever If-Modified-Since says. This is RFC 7232 §6's evaluation order, so the
 * same function serves both. Dates compare at one-second resolution because Last-Modified is sent
 * in whole seconds. Unparseable dates are ignored, as RFC 7232 §3.3/§3.4 require.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ObjectInfo } from '../object-layer/types.js';
import { ObjectNotFound, PreconditionFailed } from '../object-layer/errors.js';

export interface Conditionals {
  ifMatch?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: Date;
  ifUnmodifiedSince?: Date;
}

export type ConditionalOutcome = 'ok' | 'not-modified' | 'precondition-failed';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v.join(',') : v;
  return s === undefined || s.trim() === '' ? undefined : s;
}

function parseDate(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/**
 * Read the conditional headers. `prefix` is `''` for If-* and `'x-amz-copy-source-'` for the
 * copy-source variants (`x-amz-copy-source-if-match`, …).
 */
export function readConditionals(headers: IncomingHttpHeaders, prefix = ''): Conditionals {
  const c: Conditionals = {};
  const ifMatch = header(headers, `${prefix}if-match`);
  const ifNoneMatch = header(headers, `${prefix}if-none-match`);
  const ims = parseDate(header(headers, `${prefix}if-modified-since`));
  const ius = parseDate(header(headers, `${prefix}if-unmodified-since`));
  if (ifMatch !== undefined) c.ifMatch = ifMatch;
  if (ifNoneMatch !== undefined) c.ifNoneMatch = ifNoneMatch;
  if (ims !== undefined) c.ifModifiedSince = ims;
  if (ius !== undefined) c.ifUnmodifiedSince = ius;
  return c;
}

/** Strip a weak prefix and surrounding quotes from an entity tag as clients send it. */
export function normalizeEtag(tag: string): string {
  let t = tag.trim();
  if (t.startsWith('W/')) t = t.slice(2);
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) t = t.slice(1, -1);
  return t;
}

/** Does an If-Match / If-None-Match list (`"a", "b"` or `*`) match the object's ETag? */
export function etagListMatches(list: string, etag: string): boolean {
  for (const item of list.split(',')) {
    const t = item.trim();
    if (t === '*') return true;
    if (t !== '' && normalizeEtag(t) === etag) return true;
  }
  return false;
}

/** Whole seconds since the epoch: Last-Modified has no sub-second part. */
function seconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

/** Evaluate conditionals against an existing object in RFC 7232 §6 order. */
export function evaluateConditionals(
  c: Conditionals,
  info: Pick<ObjectInfo, 'etag' | 'lastModified'>,
): ConditionalOutcome {
  if (c.ifMatch !== undefined) {
    if (!etagListMatches(c.ifMatch, info.etag)) return 'precondition-failed';
  } else if (c.ifUnmodifiedSince !== undefined) {
    if (seconds(info.lastModified) > seconds(c.ifUnmodifiedSince)) return 'precondition-failed';
  }
  if (c.ifNoneMatch !== undefined) {
    if (etagListMatches(c.ifNoneMatch, info.etag)) return 'not-modified';
  } else if (c.ifModifiedSince !== undefined) {
    if (seconds(info.lastModified) <= seconds(c.ifModifiedSince)) return 'not-modified';
  }
  return 'ok';
}

/** CopyObject / UploadPartCopy: every failed x-amz-copy-source-if-* condition is 412. */
export function checkCopySourceConditionals(headers: IncomingHttpHeaders, source: ObjectInfo): void {
  const outcome = evaluateConditionals(readConditionals(headers, 'x-amz-copy-source-'), source);
  if (outcome !== 'ok') {
    throw new PreconditionFailed('At least one of the pre-conditions you specified did not hold', {
      bucket: source.bucket,
      key: source.key,
    });
  }
}

/**
 * Conditional writes (PutObject, CompleteMultipartUpload, CopyObject destination): If-None-Match
 * `*` refuses to overwrite an existing object and If-None-Match with ETags refuses to overwrite one
 * of those (MinIO accepts ETags there; AWS only `*`); If-Match requires an existing object (404
 * NoSuchKey without one, as AWS) whose ETag is listed (or `*`). Returns a callback for the object
 * layer's `precondition` (run atomically at commit), or undefined when the request has no such
 * header. A delete marker counts as "no object".
 */
export function writePrecondition(
  headers: IncomingHttpHeaders,
  where: { bucket: string; key: string },
): ((current: ObjectInfo | undefined) => void) | undefined {
  const ifMatch = header(headers, 'if-match');
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifMatch === undefined && ifNoneMatch === undefined) return undefined;
  return (current) => {
    const live = current !== undefined && !current.deleteMarker ? current : undefined;
    if (ifNoneMatch !== undefined && live !== undefined && etagListMatches(ifNoneMatch, live.etag)) {
      throw new PreconditionFailed('At least one of the pre-conditions you specified did not hold', where);
    }
    if (ifMatch !== undefined) {
      if (live === undefined) throw new ObjectNotFound('The specified key does not exist.', where);
      if (!etagListMatches(ifMatch, live.etag)) {
        throw new PreconditionFailed('At least one of the pre-conditions you specified did not hold', where);
      }
    }
  };
}
