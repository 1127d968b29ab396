/** HeadBucket (`HEAD /<bucket>`): 200 when the bucket exists, 404 NoSuchBucket (headers only) otherwise. */
import type { RequestContext } from '../http/context.js';

export async function headBucket(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
