/** GetBucketRequestPayment (`GET /<bucket>?requestPayment`): the bucket owner always pays. */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';

export async function getBucketRequestPayment(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  sendXml(ctx, 200, 'RequestPaymentConfiguration', { Payer: 'BucketOwner' });
}
