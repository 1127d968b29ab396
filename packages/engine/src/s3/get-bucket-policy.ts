/** GetBucketPolicy (`GET /<bucket>?policy`): the stored JSON policy, else 404 NoSuchBucketPolicy. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchBucketPolicy } from '../bucket/errors.js';

export async function getBucketPolicy(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(ctx, 'policy', (bucket) => new NoSuchBucketPolicy(undefined, { bucket }));
}
