/** GetBucketCors (`GET /<bucket>?cors`): the stored CORS document, else 404 NoSuchCORSConfiguration. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, sendBucketConfig } from '../bucket/configs.js';
import { NoSuchCORSConfiguration } from '../object-layer/errors.js';

export async function getBucketCors(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.cors,
    (bucket) => new NoSuchCORSConfiguration(undefined, { bucket }),
  );
}
