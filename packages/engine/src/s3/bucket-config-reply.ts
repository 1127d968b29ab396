/**
 * GET and DELETE of the bucket configuration sub-resources that are stored as sent (policy, CORS,
 * tagging, encryption, lifecycle, replication, website): the stored document, or S3's "not set"
 * error.
 */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, type BucketConfigName } from '../bucket/configs.js';

/** The stored document, or undefined when none is set. Throws BucketNotFound for a missing bucket. */
export async function readBucketConfig(
  ctx: RequestContext,
  bucket: string,
  name: BucketConfigName,
): Promise<string | undefined> {
  const meta = await ctx.engine.objectLayer.getBucketMetadata(bucket);
  return meta.configs[name];
}

/** Remove a stored document (no-op when none is set). Throws BucketNotFound for a missing bucket. */
export async function deleteBucketConfig(
  ctx: RequestContext,
  bucket: string,
  name: BucketConfigName,
): Promise<void> {
  await ctx.engine.objectLayer.updateBucketMetadata(bucket, (meta) => {
    delete meta.configs[name];
  });
}

/**
 * Answer a GET of a configuration sub-resource: the stored document when set, else the S3 "not
 * found" error the caller names (NoSuchBucketPolicy, NoSuchTagSet, …).
 */
export async function sendBucketConfig(
  ctx: RequestContext,
  name: BucketConfigName,
  notFound: (bucket: string) => Error,
): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const doc = await readBucketConfig(ctx, bucket, name);
  if (doc === undefined) throw notFound(bucket);
  const body = Buffer.from(doc, 'utf8');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', name === BUCKET_CONFIG.policy ? 'application/json' : 'application/xml');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(body);
}

/** Answer a DELETE of a configuration sub-resource: 204 whether or not one was set. */
export async function sendBucketConfigDeleted(ctx: RequestContext, name: BucketConfigName): Promise<void> {
  await deleteBucketConfig(ctx, ctx.target.bucket ?? '', name);
  ctx.res.statusCode = 204;
  ctx.res.end();
}
