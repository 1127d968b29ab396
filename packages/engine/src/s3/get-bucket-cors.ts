/** GetBucketCors (`GET /<bucket>?cors`): the stored CORS document, else 404 NoSuchCORSConfiguration. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { NoSuchCORSConfiguration } from '../bucket/errors.js';

export async function getBucketCors(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(ctx, 'cors', (bucket) => new NoSuchCORSConfiguration(undefined, { bucket }));
}
