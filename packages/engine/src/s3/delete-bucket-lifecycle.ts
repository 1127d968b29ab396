/** DeleteBucketLifecycle (`DELETE /<bucket>?lifecycle`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, sendBucketConfigDeleted } from '../bucket/configs.js';

export async function deleteBucketLifecycle(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, BUCKET_CONFIG.lifecycle);
}
