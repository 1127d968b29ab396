/**
 * GetBucketLocation (`GET /<bucket>?location`). AWS leaves LocationConstraint empty for us-east-1;
 * MinIO returns its configured region string, and so do we (clients accept both).
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';

export async function getBucketLocation(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  sendXml(ctx, 200, 'LocationConstraint', { '#text': ctx.engine.region });
}
