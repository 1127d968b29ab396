/**
 * Conditional deletes (AWS, 2025): DeleteObject with `If-Match` (an ETag list or `*`),
 * `x-amz-if-match-last-modified-time` and `x-amz-if-match-size`; DeleteObjects with the same three
 * as `<ETag>`, `<LastModifiedTime>` and `<Size>` in an `<Object>`. They are evaluated against the
 * named version, or the current one, under the key's lock (the object layer's delete
 * `precondition`), so a concurrent overwrite cannot slip between check and delete.
 *
 * AWS's answers: no object (or a delete marker is current) → 404 NoSuchKey; a condition that does
 * not hold → 412 PreconditionFailed; otherwise the delete proceeds as without conditions.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { InvalidArgument } from '../common/errors.js';
import { ObjectNotFound, PreconditionFailed } from '../object-layer/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { etagListMatches } from './conditional.js';

export interface DeleteConditions {
  ifMatch?: string;
  lastModified?: Date;
  size?: number;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v.join(',') : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

/** Build conditions from raw values (header or XML element text); InvalidArgument when malformed. */
export function deleteConditions(
  raw: { ifMatch?: string | undefined; lastModified?: string | undefined; size?: string | undefined },
  where: { bucket: string; key: string },
): DeleteConditions | undefined {
  const c: DeleteConditions = {};
  if (raw.ifMatch !== undefined && raw.ifMatch.trim() !== '') c.ifMatch = raw.ifMatch.trim();
  if (raw.lastModified !== undefined && raw.lastModified.trim() !== '') {
    const t = Date.parse(raw.lastModified.trim());
    if (Number.isNaN(t))
      throw new InvalidArgument('The last-modified-time condition is not a valid timestamp.', where);
    c.lastModified = new Date(t);
  }
  if (raw.size !== undefined && raw.size.trim() !== '') {
    if (!/^\d{1,19}$/.test(raw.size.trim()))
      throw new InvalidArgument('The size condition must be a non-negative integer.', where);
    c.size = Number(raw.size.trim());
  }
  return Object.keys(c).length > 0 ? c : undefined;
}

/** The conditions of a DeleteObject request's headers. */
export function deleteConditionsFromHeaders(
  headers: IncomingHttpHeaders,
  where: { bucket: string; key: string },
): DeleteConditions | undefined {
  return deleteConditions(
    {
      ifMatch: headerValue(headers, 'if-match'),
      lastModified: headerValue(headers, 'x-amz-if-match-last-modified-time'),
      size: headerValue(headers, 'x-amz-if-match-size'),
    },
    where,
  );
}

/** The layer's delete precondition for these conditions. */
export function deletePrecondition(
  c: DeleteConditions,
  where: { bucket: string; key: string },
): (current: ObjectInfo | undefined) => void {
  return (current) => {
    if (current === undefined || current.deleteMarker) {
      throw new ObjectNotFound('The specified key does not exist.', where);
    }
    const holds =
      (c.ifMatch === undefined || etagListMatches(c.ifMatch, current.etag)) &&
      (c.lastModified === undefined ||
        Math.floor(c.lastModified.getTime() / 1000) === Math.floor(current.lastModified.getTime() / 1000)) &&
      (c.size === undefined || c.size === current.size);
    if (!holds) {
      throw new PreconditionFailed('At least one of the pre-conditions you specified did not hold', where);
    }
  };
}
