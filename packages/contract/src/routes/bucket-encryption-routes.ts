/**
 * A bucket's default encryption (spec 1 §7): read it, enable SSE-S3 or SSE-KMS, disable it.
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { BucketParamsSchema } from '../buckets.js';
import { BucketEncryptionInfoSchema, EnableBucketEncryptionRequestSchema } from '../bucket-encryption.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const BUCKET_ENCRYPTION_ROUTES = {
  getBucketEncryptionInfo: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/encryption/info`,
    summary: "A bucket's default encryption: algorithm and KMS key",
    description:
      "A bucket without one answers 404 with the message 'The server side encryption configuration was not found' (the browser shows encryption as disabled).",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketEncryptionInfoSchema, ...errors },
  },
  enableBucketEncryption: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/encryption/enable`,
    summary: "Set a bucket's default encryption: SSE-S3, or SSE-KMS with a KMS key",
    description:
      "Answers the encryption as stored. A KMS key the storage server does not know is refused with the server's reason (KMS.NotFoundException); a server without a KMS answers not_implemented.",
    tags: ['buckets'],
    params: BucketParamsSchema,
    body: EnableBucketEncryptionRequestSchema,
    response: { 200: BucketEncryptionInfoSchema, ...errors },
  },
  disableBucketEncryption: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/encryption/disable`,
    summary: "Remove a bucket's default encryption (objects already stored stay as they are)",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
