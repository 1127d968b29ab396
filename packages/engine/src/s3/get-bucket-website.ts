/** GetBucketWebsite (`GET /<bucket>?website`): MinIO serves no websites; 404 NoSuchWebsiteConfiguration unless one is stored. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, sendBucketConfig } from '../bucket/configs.js';
import { NoSuchWebsiteConfiguration } from '../object-layer/errors.js';

export async function getBucketWebsite(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.website,
    (bucket) => new NoSuchWebsiteConfiguration(undefined, { bucket }),
  );
}
