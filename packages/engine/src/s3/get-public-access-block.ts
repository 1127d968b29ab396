/**
 * GetPublicAccessBlock (`GET /<bucket>?publicAccessBlock`): the stored configuration, else 404
 * NoSuchPublicAccessBlockConfiguration (AWS).
 */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchPublicAccessBlockConfiguration } from '../bucket/errors.js';

export async function getPublicAccessBlock(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    'publicAccessBlock',
    (bucket) => new NoSuchPublicAccessBlockConfiguration(undefined, { bucket }),
  );
}
