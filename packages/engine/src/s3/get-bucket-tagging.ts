/** GetBucketTagging (`GET /<bucket>?tagging`): the stored Tagging document, else 404 NoSuchTagSet. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchTagSet } from '../bucket/errors.js';

export async function getBucketTagging(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(ctx, 'tagging', (bucket) => new NoSuchTagSet(undefined, { bucket }));
}
