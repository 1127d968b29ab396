/** DeleteBucketCors (`DELETE /<bucket>?cors`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfigDeleted } from './bucket-config-reply.js';

export async function deleteBucketCors(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, 'cors');
}
