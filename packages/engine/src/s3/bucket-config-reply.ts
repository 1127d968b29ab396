/**
 * GET and DELETE of the bucket configuration sub-resources that are stored as sent (policy, CORS,
 * tagging, encryption, lifecycle, replication, website), through the bucket metadata service: the
 * stored document, or S3's "not set" error. Their PUTs have handlers of their own where served
 * (policy, encryption).
 */
import type { RequestContext } from '../http/context.js';
import type { BucketConfigKind } from '../bucket/bucket-metadata.js';
import { readBody } from '../http/body.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';

/** The XML document of a configuration PUT as text; a body over `limit` bytes is MalformedXML (as MinIO answers). */
export async function readConfigDocument(
  ctx: RequestContext,
  bucket: string,
  limit: number,
): Promise<string> {
  try {
    return (await readBody(ctx, limit)).toString('utf8');
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket });
    throw err;
  }
}

/**
 * Answer a GET of a configuration sub-resource: the stored document when set, else the S3 "not
 * found" error the caller names (NoSuchBucketPolicy, NoSuchTagSet, …).
 */
export async function sendBucketConfig(
  ctx: RequestContext,
  kind: BucketConfigKind,
  notFound: (bucket: string) => Error,
): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const stored = await ctx.engine.bucketMetadata.getStored(bucket, kind);
  if (stored === undefined) throw notFound(bucket);
  const body = Buffer.from(stored.text, 'utf8');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', kind === 'policy' ? 'application/json' : 'application/xml');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(body);
}

/** Answer a DELETE of a configuration sub-resource: 204 whether or not one was set. */
export async function sendBucketConfigDeleted(ctx: RequestContext, kind: BucketConfigKind): Promise<void> {
  await ctx.engine.bucketMetadata.delete(ctx.target.bucket ?? '', kind);
  ctx.res.statusCode = 204;
  ctx.res.end();
}
