/**
 * DeleteBucketReplication (`DELETE /<bucket>?replication`): 200 with no body, set or not — MinIO's
 * answer (AWS says 204), which minio-go's RemoveBucketReplication requires. The workers stop
 * queueing the bucket's changes; tasks already in the backlog are still sent.
 */
import type { RequestContext } from '../http/context.js';

export async function deleteBucketReplication(ctx: RequestContext): Promise<void> {
  await ctx.engine.bucketMetadata.delete(ctx.target.bucket ?? '', 'replication');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
