/** GetBucketLifecycle (`GET /<bucket>?lifecycle`): the stored document, else 404 NoSuchLifecycleConfiguration. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchLifecycleConfiguration } from '../bucket/errors.js';

export async function getBucketLifecycle(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    'lifecycle',
    (bucket) => new NoSuchLifecycleConfiguration(undefined, { bucket }),
  );
}
