/** GetBucketReplication (`GET /<bucket>?replication`): the stored document, else 404 ReplicationConfigurationNotFoundError. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { ReplicationConfigurationNotFoundError } from '../bucket/errors.js';

export async function getBucketReplication(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    'replication',
    (bucket) => new ReplicationConfigurationNotFoundError(undefined, { bucket }),
  );
}
