/** GetBucketWebsite (`GET /<bucket>?website`): MinIO serves no websites; 404 NoSuchWebsiteConfiguration unless one is stored. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchWebsiteConfiguration } from '../bucket/errors.js';

export async function getBucketWebsite(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(ctx, 'website', (bucket) => new NoSuchWebsiteConfiguration(undefined, { bucket }));
}
