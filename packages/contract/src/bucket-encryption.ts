/**
 * A bucket's default encryption (spec 1 §3 "Encryption info", §7): what `encryption/info` answers
 * and what `encryption/enable` takes. AES256 means SSE-S3 (keys from the storage server's KMS
 * default key); anything else (aws:kms) is SSE-KMS, with the KMS key it names.
 */
import { z } from 'zod';

/** The encryption types the Enable Bucket Encryption modal sends; `disabled` calls `encryption/disable`. */
export const BucketEncryptionTypeSchema = z.enum(['sse-s3', 'sse-kms']);

/** GET /buckets/{bucket}/encryption/info. */
export const BucketEncryptionInfoSchema = z
  .object({
    algorithm: z.string().describe('AES256 (SSE-S3) or aws:kms (SSE-KMS), as the storage server stores it'),
    kmsMasterKeyID: z
      .string()
      .optional()
      .describe("SSE-KMS: the KMS key new objects are encrypted under; absent: the KMS's default key"),
  })
  .meta({ id: 'BucketEncryptionInfo' });

/** POST /buckets/{bucket}/encryption/enable. */
export const EnableBucketEncryptionRequestSchema = z
  .object({
    encType: BucketEncryptionTypeSchema,
    kmsKeyID: z
      .string()
      .max(1024)
      .optional()
      .describe(
        'SSE-KMS only: the KMS key id (empty or absent: the default key); the storage server checks it',
      ),
  })
  .refine((r) => r.encType === 'sse-kms' || (r.kmsKeyID ?? '') === '', {
    message: 'A KMS key ID is only used with SSE-KMS',
    path: ['kmsKeyID'],
  })
  .meta({ id: 'EnableBucketEncryptionRequest' });

export type BucketEncryptionType = z.infer<typeof BucketEncryptionTypeSchema>;
export type BucketEncryptionInfo = z.infer<typeof BucketEncryptionInfoSchema>;
export type EnableBucketEncryptionRequest = z.input<typeof EnableBucketEncryptionRequestSchema>;
