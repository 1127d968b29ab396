/** GetBucketEncryption (`GET /<bucket>?encryption`): the stored document, else 404 ServerSideEncryptionConfigurationNotFoundError. */
import type { RequestContext } from '../http/context.js';
import { BUCKET_CONFIG, sendBucketConfig } from '../bucket/configs.js';
import { ServerSideEncryptionConfigurationNotFoundError } from '../object-layer/errors.js';

export async function getBucketEncryption(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    BUCKET_CONFIG.encryption,
    (bucket) => new ServerSideEncryptionConfigurationNotFoundError(undefined, { bucket }),
  );
}
