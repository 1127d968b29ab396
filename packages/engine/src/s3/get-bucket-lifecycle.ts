/** GetBucketLifecycle (`GET /<bucket>?lifecycle`): the stored document, else 404 NoSuchLifecycleConfiguration. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchLifecycleConfiguration } from '../bucket/errors.js';

export async function getBucketLifecycle(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.lifecycle,
    (bucket) => new NoSuchLifecycleConfiguration(undefined, { bucket }),
  );
}
