/** DeleteBucketTagging (`DELETE /<bucket>?tagging`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfigDeleted } from './bucket-config-reply.js';

export async function deleteBucketTagging(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, 'tagging');
}
