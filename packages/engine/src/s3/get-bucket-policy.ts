/** GetBucketPolicy (`GET /<bucket>?policy`): the stored JSON policy, else 404 NoSuchBucketPolicy. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, sendBucketConfig } from '../bucket/configs.js';
import { NoSuchBucketPolicy } from '../object-layer/errors.js';

export async function getBucketPolicy(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.policy,
    (bucket) => new NoSuchBucketPolicy(undefined, { bucket }),
  );
}
