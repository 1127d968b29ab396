/**
 * PutBucketEncryption (`PUT /<bucket>?encryption`, wire doc §5.7): store the bucket's default
 * encryption (SSE-S3 `AES256`, or SSE-KMS `aws:kms` with an optional key id), 200. Refused with 501
 * NotImplemented when no KMS is configured, 400 `KMS.NotFoundException` when the named KMS key does
 * not exist (MinIO checks the key before storing), MalformedXML / NotImplemented for a document
 * `bucket/encryption.ts` does not accept. New objects take it from the next request on (the SSE
 * data path reads it through the bucket metadata service).
 */
import type { RequestContext } from '../http/context.js';
import { readConfigDocument } from './bucket-config-reply.js';
import { parseBucketEncryption } from '../bucket/encryption.js';
import { KmsKeyNotFound, KmsNotConfigured } from '../kms/errors.js';

/** MinIO's limit for the document (`maxBucketSSEConfigSize`). */
const MAX_CONFIG_BYTES = 1 << 20;

export async function putBucketEncryption(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const { kms } = ctx.engine;
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  if (!kms.configured) {
    throw new KmsNotConfigured('Server side encryption specified but KMS is not configured', { bucket });
  }
  const text = await readConfigDocument(ctx, bucket, MAX_CONFIG_BYTES);
  const config = parseBucketEncryption(text);
  // An unknown key would make every later PUT into the bucket fail: refuse it now.
  if (config.kmsKeyId !== undefined && !(await kms.keyExists(config.kmsKeyId))) {
    throw new KmsKeyNotFound(undefined, { bucket });
  }
  await ctx.engine.bucketMetadata.put(bucket, 'encryption', text);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
