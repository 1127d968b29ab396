/**
 * GetBucketLogging (`GET /<bucket>?logging`): logging is never enabled. MinIO's canned answer uses
 * the `http://doc.s3.amazonaws.com/2006-03-01` namespace (as AWS's own examples do), kept here.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';

export async function getBucketLogging(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  sendXml(ctx, 200, 'BucketLoggingStatus', {}, { xmlns: 'http://doc.s3.amazonaws.com/2006-03-01' });
}
