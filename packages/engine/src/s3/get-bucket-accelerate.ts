/** GetBucketAccelerateConfiguration (`GET /<bucket>?accelerate`): canned empty answer, as MinIO gives. */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';

export async function getBucketAccelerate(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  sendXml(ctx, 200, 'AccelerateConfiguration', {});
}
