/**
 * PutBucketNotificationConfiguration (`PUT /<bucket>?notification`, wire doc §5.6): store the
 * bucket's notification rules after MinIO's checks — Queue configurations only (Topic /
 * CloudFunction: UnsupportedNotification), known event names, each ARN well-formed, in this
 * server's region when it names one, and a configured target; a rule repeated with the same
 * ARN, events and filter is refused as overlapping. An empty document removes every rule.
 */
import type { RequestContext } from '../http/context.js';
import { readConfigDocument } from './bucket-config-reply.js';
import { InvalidArgument } from '../common/errors.js';
import { parseNotificationConfiguration } from '../bucket/notification.js';
import { MINIO_EVENT_NAMES, parseTargetArn } from '../notify/index.js';
import { UnsupportedNotification } from './errors.js';

/** MinIO's bound on a bucket configuration document. */
const MAX_CONFIG_BYTES = 1 << 20;

const ARN_NOT_FOUND =
  'A specified destination ARN does not exist or is not well-formed. Verify the destination ARN.';
const WRONG_REGION =
  'A specified destination is in a different region than the bucket. You must use a destination that resides in the same region as the bucket.';
const BAD_EVENT = 'A specified event is not supported for notifications.';
const OVERLAP = 'Configurations overlap. Configurations on the same bucket cannot share a common event type.';

export async function putBucketNotification(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  const text = await readConfigDocument(ctx, bucket, MAX_CONFIG_BYTES);
  const config = parseNotificationConfiguration(text);
  const { notifications } = ctx.engine;
  const seen = new Set<string>();
  for (const rule of config.targets) {
    if (rule.kind !== 'queue') throw new UnsupportedNotification(undefined, { bucket });
    for (const name of rule.events) {
      if (!MINIO_EVENT_NAMES.has(name)) throw new InvalidArgument(BAD_EVENT, { bucket });
    }
    const arn = parseTargetArn(rule.arn);
    if (arn === undefined) throw new InvalidArgument(ARN_NOT_FOUND, { bucket });
    if (arn.region !== '' && arn.region !== notifications.region) {
      throw new InvalidArgument(WRONG_REGION, { bucket });
    }
    if (!notifications.hasTarget(rule.arn)) throw new InvalidArgument(ARN_NOT_FOUND, { bucket });
    const identity = JSON.stringify([arn.id, arn.service, [...rule.events].sort(), rule.prefix, rule.suffix]);
    if (seen.has(identity)) throw new InvalidArgument(OVERLAP, { bucket });
    seen.add(identity);
  }
  if (config.targets.length === 0) await ctx.engine.bucketMetadata.delete(bucket, 'notification');
  else await ctx.engine.bucketMetadata.put(bucket, 'notification', text);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
