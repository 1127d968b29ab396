/** GetBucketEncryption (`GET /<bucket>?encryption`): the stored document, else 404 ServerSideEncryptionConfigurationNotFoundError. */
import type { RequestContext } from '../http/context.js';
import { sendBucketConfig } from './bucket-config-reply.js';
import { ServerSideEncryptionConfigurationNotFoundError } from '../bucket/errors.js';

export async function getBucketEncryption(ctx: RequestContext): Promise<void> {
  await sendBucketConfig(
    ctx,
    'encryption',
    (bucket) => new ServerSideEncryptionConfigurationNotFoundError(undefined, { bucket }),
  );
}
