/** DeleteBucketLifecycle (`DELETE /<bucket>?lifecycle`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfigDeleted } from './bucket-config-reply.js';

export async function deleteBucketLifecycle(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, 'lifecycle');
}
