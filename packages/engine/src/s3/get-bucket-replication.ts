/** GetBucketReplication (`GET /<bucket>?replication`): the stored document, else 404 ReplicationConfigurationNotFoundError. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { ReplicationConfigurationNotFoundError } from '../bucket/errors.js';

export async function getBucketReplication(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.replication,
    (bucket) => new ReplicationConfigurationNotFoundError(undefined, { bucket }),
  );
}
