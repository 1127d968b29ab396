/** GetBucketEncryption (`GET /<bucket>?encryption`): the stored document, else 404 ServerSideEncryptionConfigurationNotFoundError. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { ServerSideEncryptionConfigurationNotFoundError } from '../bucket/errors.js';

export async function getBucketEncryption(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.encryption,
    (bucket) => new ServerSideEncryptionConfigurationNotFoundError(undefined, { bucket }),
  );
}
