/**
 * DeleteObjects (`POST /bucket?delete`): delete up to 1000 keys or versions named in a `<Delete>`
 * document and report each one (`<Deleted>` or `<Error>`; Quiet mode reports errors only).
 *
 * S3 requires the body to carry Content-MD5 or an x-amz-checksum-* (MissingContentMD5), verified
 * here. A key that does not exist counts as deleted, as for DeleteObject. Deletes run a few at a
 * time (bounded concurrency) and the answer keeps the request's order. A per-key failure becomes a
 * per-key `<Error>` with the S3 code the error table gives it; only a bucket-level failure (no such
 * bucket) fails the whole request. An `<Object>` may carry AWS's delete conditions (`<ETag>`,
 * `<LastModifiedTime>`, `<Size>`): a failed one is that key's `<Error>` (PreconditionFailed, or
 * NoSuchKey when there is no object).
 */
import type { RequestContext } from '../http/context.js';
import { authorize } from '../http/authorize.js';
import { toApiError } from '../http/errors.js';
import { asArray, parseXml, sendXml, type XmlObject } from '../http/xml.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { BucketNotFound } from '../object-layer/errors.js';
import { readVerifiedBody } from './checksums.js';
import { deleteOne } from './delete-object.js';
import { deleteConditions, type DeleteConditions } from './delete-conditions.js';

/** S3's limit of keys per DeleteObjects request. */
export const MAX_DELETE_KEYS = 1000;
/** 1000 keys of up to 1024 bytes (escaped) plus version ids fit comfortably. */
const MAX_DELETE_BODY = 8 * 1024 * 1024;
/** Deletes in flight at once: enough to overlap drive latency without flooding the layer. */
const DELETE_CONCURRENCY = 16;

export interface DeleteEntry {
  key: string;
  versionId?: string;
  /** Conditional delete (`<ETag>`, `<LastModifiedTime>`, `<Size>`). */
  conditions?: DeleteConditions;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Parse the `<Delete>` document: entries and Quiet. */
export function parseDeleteRequest(xml: string, bucket?: string): { quiet: boolean; entries: DeleteEntry[] } {
  const where = bucket !== undefined ? { bucket } : undefined;
  const doc = parseXml(xml);
  const root = doc['Delete'];
  if (!isRecord(root)) throw new MalformedXML(undefined, where);
  const quietText = root['Quiet'];
  const quiet = typeof quietText === 'string' && quietText.trim().toLowerCase() === 'true';
  const objects = asArray(root['Object']);
  if (objects.length === 0 || objects.length > MAX_DELETE_KEYS) {
    throw new MalformedXML(
      'The XML you provided was not well-formed or did not validate against our published schema.',
      where,
    );
  }
  const entries: DeleteEntry[] = [];
  for (const obj of objects) {
    if (!isRecord(obj)) throw new MalformedXML(undefined, where);
    const key = obj['Key'];
    const versionId = obj['VersionId'];
    if (typeof key !== 'string') throw new MalformedXML(undefined, where);
    const entry: DeleteEntry = { key };
    if (typeof versionId === 'string' && versionId !== '') entry.versionId = versionId;
    const text = (name: string): string | undefined => {
      const v = obj[name];
      return typeof v === 'string' ? v : undefined;
    };
    const conditions = deleteConditions(
      { ifMatch: text('ETag'), lastModified: text('LastModifiedTime'), size: text('Size') },
      { bucket: bucket ?? '', key },
    );
    if (conditions !== undefined) entry.conditions = conditions;
    entries.push(entry);
  }
  return { quiet, entries };
}

/** Run `fn` over `items` with at most `limit` in flight; results keep the input order. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      const item = items[i] as T;
      results[i] = await fn(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type Outcome = { deleted: XmlObject } | { error: XmlObject };

export async function deleteObjects(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_DELETE_BODY, true);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket });
    throw err;
  }
  const { quiet, entries } = parseDeleteRequest(body.toString('utf8'), bucket);
  // Fail the whole request for a missing bucket, as S3 does, instead of 1000 per-key errors.
  await ctx.engine.objectLayer.getBucketInfo(bucket);

  const outcomes = await mapLimited(entries, DELETE_CONCURRENCY, async (entry): Promise<Outcome> => {
    try {
      // s3:DeleteObject is checked per key (MinIO): a refused key is a per-key AccessDenied.
      await authorize(ctx, 's3:DeleteObject', bucket, entry.key);
      if (entry.conditions !== undefined) await authorize(ctx, 's3:GetObject', bucket, entry.key);
      const result = await deleteOne(ctx, bucket, entry.key, entry.versionId, undefined, entry.conditions);
      const deleted: XmlObject = { Key: entry.key };
      if (entry.versionId !== undefined) deleted.VersionId = entry.versionId;
      if (result.deleteMarker) {
        deleted.DeleteMarker = true;
        // A new delete marker (no versionId asked) or the marker version that was removed.
        if (result.versionId !== undefined) deleted.DeleteMarkerVersionId = result.versionId;
      }
      return { deleted };
    } catch (err) {
      if (err instanceof BucketNotFound) throw err;
      const api = toApiError(err, ctx);
      const error: XmlObject = { Key: entry.key };
      if (entry.versionId !== undefined) error.VersionId = entry.versionId;
      error.Code = api.code;
      error.Message = api.message;
      return { error };
    }
  });

  const deleted: XmlObject[] = [];
  const errors: XmlObject[] = [];
  for (const o of outcomes) {
    if ('deleted' in o) {
      if (!quiet) deleted.push(o.deleted);
    } else {
      errors.push(o.error);
    }
  }
  sendXml(ctx, 200, 'DeleteResult', { Deleted: deleted, Error: errors });
}
