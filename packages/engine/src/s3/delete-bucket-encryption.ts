/** DeleteBucketEncryption (`DELETE /<bucket>?encryption`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfigDeleted } from './bucket-config-reply.js';

export async function deleteBucketEncryption(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, 'encryption');
}
