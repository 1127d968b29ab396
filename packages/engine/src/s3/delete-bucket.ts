/**
 * DeleteBucket (`DELETE /<bucket>`): 204, or 409 BucketNotEmpty. MinIO's extension header
 * `x-minio-force-delete: true` removes the bucket with everything in it — except a bucket created
 * with object lock, whose versions may be under retention (405 MethodNotAllowed, as MinIO). The
 * bucket's quota usage figures are forgotten, so a new bucket of the same name starts from zero.
 */
import type { RequestContext } from '../http/context.js';
import { MethodNotAllowed } from '../common/errors.js';

export async function deleteBucket(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const force = String(ctx.req.headers['x-minio-force-delete'] ?? '').toLowerCase() === 'true';
  const layer = ctx.engine.objectLayer;
  if (force && (await layer.getBucketMetadata(bucket)).objectLockEnabled) {
    throw new MethodNotAllowed('Bucket with object lock enabled cannot be force deleted.', { bucket });
  }
  await layer.deleteBucket(bucket, { force });
  ctx.engine.usageTracker.forget(bucket);
  ctx.engine.bucketMetadata.forget(bucket);
  ctx.res.statusCode = 204;
  ctx.res.end();
}
