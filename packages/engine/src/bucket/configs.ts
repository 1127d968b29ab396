/**
 * Bucket configuration documents kept in `BucketMetadata.configs` (the object layer stores them
 * opaquely; their meaning lives here and in the handlers). One name per S3 sub-resource; the value
 * is the document as the client sent it (XML, or JSON for the policy).
 */
import type { RequestContext } from '../http/context.js';

/** Keys of `BucketMetadata.configs`. */
export const BUCKET_CONFIG = {
  policy: 'policy',
  cors: 'cors',
  tagging: 'tagging',
  encryption: 'encryption',
  objectLock: 'object-lock',
  lifecycle: 'lifecycle',
  replication: 'replication',
  notification: 'notification',
  website: 'website',
  /** The VersioningConfiguration document when it carries MinIO's ExcludedPrefixes/ExcludeFolders. */
  versioning: 'versioning',
  /** The admin API's bucket quota, JSON (`bucket/quota.ts`). */
  quota: 'quota',
} as const;

export type BucketConfigName = (typeof BUCKET_CONFIG)[keyof typeof BUCKET_CONFIG];

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
