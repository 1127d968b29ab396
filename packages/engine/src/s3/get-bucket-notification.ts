/**
 * GetBucketNotification (`GET /<bucket>?notification`): the stored rules as MinIO answers them —
 * Queue configurations with their Id, filter and events, each ARN with this server's region filled
 * in — else an empty NotificationConfiguration (S3 and MinIO answer 200 with no rules, never 404).
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import type { XmlObject } from '../common/xml.js';
import { parseTargetArn, targetArn } from '../notify/index.js';

export async function getBucketNotification(ctx: RequestContext): Promise<void> {
  const config = await ctx.engine.bucketMetadata.get(ctx.target.bucket ?? '', 'notification');
  const region = ctx.engine.notifications.region;
  const queues: XmlObject[] = (config?.targets ?? []).map((rule) => {
    const arn = parseTargetArn(rule.arn);
    const rules = [
      ...(rule.prefix !== '' ? [{ Name: 'prefix', Value: rule.prefix }] : []),
      ...(rule.suffix !== '' ? [{ Name: 'suffix', Value: rule.suffix }] : []),
    ];
    return {
      Id: rule.id,
      ...(rules.length > 0 ? { Filter: { S3Key: { FilterRule: rules } } } : {}),
      Queue: arn === undefined ? rule.arn : targetArn(region, arn.id, arn.service),
      Event: rule.events,
    };
  });
  sendXml(ctx, 200, 'NotificationConfiguration', queues.length > 0 ? { QueueConfiguration: queues } : {});
}
