/**
 * DeleteBucket (`DELETE /<bucket>`): 204, or 409 BucketNotEmpty. MinIO's extension header
 * `x-minio-force-delete: true` removes the bucket with everything in it.
 */
import type { RequestContext } from '../http/context.js';

export async function deleteBucket(ctx: RequestContext): Promise<void> {
  const force = String(ctx.req.headers['x-minio-force-delete'] ?? '').toLowerCase() === 'true';
  await ctx.engine.objectLayer.deleteBucket(ctx.target.bucket ?? '', { force });
  ctx.res.statusCode = 204;
  ctx.res.end();
}
