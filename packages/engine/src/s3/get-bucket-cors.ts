/** GetBucketCors (`GET /<bucket>?cors`): the stored CORS document, else 404 NoSuchCORSConfiguration. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchCORSConfiguration } from '../bucket/errors.js';

export async function getBucketCors(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.cors,
    (bucket) => new NoSuchCORSConfiguration(undefined, { bucket }),
  );
}
