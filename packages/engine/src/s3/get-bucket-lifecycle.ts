/** GetBucketLifecycle (`GET /<bucket>?lifecycle`): the stored document, else 404 NoSuchLifecycleConfiguration. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, sendBucketConfig } from '../bucket/configs.js';
import { NoSuchLifecycleConfiguration } from '../object-layer/errors.js';

export async function getBucketLifecycle(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.lifecycle,
    (bucket) => new NoSuchLifecycleConfiguration(undefined, { bucket }),
  );
}
