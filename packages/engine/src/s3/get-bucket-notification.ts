/**
 * GetBucketNotification (`GET /<bucket>?notification`): the stored NotificationConfiguration, else
 * an empty one (S3 and MinIO answer 200 with no rules, never 404).
 */
import type { RequestContext } from '../http/context.js';
import { sendRawXml, sendXml } from '../http/xml.js';

export async function getBucketNotification(ctx: RequestContext): Promise<void> {
  const stored = await ctx.engine.bucketMetadata.getStored(ctx.target.bucket ?? '', 'notification');
  if (stored !== undefined) {
    sendRawXml(ctx, 200, stored.text);
    return;
  }
  sendXml(ctx, 200, 'NotificationConfiguration', {});
}
