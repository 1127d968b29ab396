/** DeleteBucketPolicy (`DELETE /<bucket>?policy`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfigDeleted } from './bucket-config-reply.js';

export async function deleteBucketPolicy(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, 'policy');
}
