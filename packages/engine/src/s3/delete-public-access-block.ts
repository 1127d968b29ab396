/** DeletePublicAccessBlock (`DELETE /<bucket>?publicAccessBlock`): 204, set or not. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfigDeleted } from './bucket-config-reply.js';

export async function deletePublicAccessBlock(ctx: RequestContext): Promise<void> {
  await sendBucketConfigDeleted(ctx, 'publicAccessBlock');
}
