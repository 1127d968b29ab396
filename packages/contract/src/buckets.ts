/**
 * Buckets (spec 1 §3, §7): the list, the create payload, delete, versioning, and a bucket's details
 * with its access policy. The list is
 * paginated and searchable on the server, and its sizes come from the storage server's usage
 * report without ever blocking the list (user needs #2): when the report is not at hand yet,
 * `size` is absent and `usage_pending` says so; ask again later.
 */
import { z } from 'zod';

/** S3 bucket-name rules are the storage server's to enforce; this only bounds the input. */
const BucketName = z.string().min(1).max(255);

export const BucketParamsSchema = z.object({ bucket: BucketName });

/** Who may read and write a bucket without credentials (spec 1 §3 `access`). */
export const BucketAccessSchema = z
  .enum(['PRIVATE', 'PUBLIC', 'CUSTOM'])
  .describe(
    'PRIVATE: no bucket policy; PUBLIC: anyone may list, read and write its objects; CUSTOM: another bucket policy',
  );

export const BucketSchema = z
  .object({
    name: z.string(),
    creation_date: z.string().describe('ISO 8601'),
    size: z.number().int().nonnegative().optional().describe('Bytes used, from the last usage scan'),
    objects: z.number().int().nonnegative().optional().describe('Objects, from the last usage scan'),
    access: BucketAccessSchema.optional(),
  })
  .meta({ id: 'Bucket' });

export const ListBucketsQuerySchema = z.object({
  search: z.string().optional().describe('Only buckets whose name contains this (case-insensitive)'),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  continuation: z.string().optional().describe('`continuation` of the previous page'),
});

export const ListBucketsResponseSchema = z
  .object({
    buckets: z.array(BucketSchema),
    total: z.number().int().nonnegative().describe('Buckets matching `search`, over all pages'),
    continuation: z.string().optional().describe('Present when more buckets follow'),
    usage_pending: z.boolean().describe('Sizes are not known yet; list again to get them'),
  })
  .meta({ id: 'BucketList' });

export const QuotaTypeSchema = z.enum(['hard', 'fifo']);
export const RetentionModeSchema = z.enum(['compliance', 'governance']);
export const RetentionUnitSchema = z.enum(['days', 'years']);

export const CreateBucketRequestSchema = z
  .object({
    name: BucketName,
    versioning: z.boolean().default(false),
    locking: z.boolean().default(false),
    quota: z
      .object({
        enabled: z.boolean(),
        quota_type: QuotaTypeSchema,
        amount: z.number().int().min(0).describe('Bytes'),
      })
      .optional(),
    retention: z
      .object({
        mode: RetentionModeSchema,
        unit: RetentionUnitSchema,
        validity: z.number().int().min(1),
      })
      .optional(),
  })
  .meta({ id: 'CreateBucketRequest' });

export const CreateBucketResponseSchema = z.object({ name: z.string() }).meta({ id: 'CreateBucketResponse' });

export const BucketVersioningResponseSchema = z
  .object({
    is_versioned: z.boolean(),
    status: z.enum(['Enabled', 'Suspended', 'Unversioned']),
  })
  .meta({ id: 'BucketVersioning' });

/** GET /buckets/{bucket}: the bucket's access and details (spec 1 §7). */
export const BucketDetailsSchema = z
  .object({
    name: z.string(),
    creation_date: z.string().optional().describe('ISO 8601; absent when the account cannot list buckets'),
    access: BucketAccessSchema,
    definition: z.string().optional().describe('The stored bucket policy (JSON), when there is one'),
  })
  .meta({ id: 'BucketDetails' });

/** PUT /buckets/{bucket}/set-policy: `access`, and the policy document when it is CUSTOM. */
export const SetBucketPolicyRequestSchema = z
  .object({
    access: BucketAccessSchema,
    definition: z
      .string()
      .max(20 * 1024)
      .optional()
      .describe('CUSTOM only: the bucket policy JSON, stored as given (the storage server judges it)'),
  })
  .refine((r) => r.access !== 'CUSTOM' || (r.definition ?? '').trim() !== '', {
    message: 'A custom access policy needs its policy document',
    path: ['definition'],
  })
  .meta({ id: 'SetBucketPolicyRequest' });

export type Bucket = z.infer<typeof BucketSchema>;
export type ListBucketsQuery = z.input<typeof ListBucketsQuerySchema>;
export type ListBucketsResponse = z.infer<typeof ListBucketsResponseSchema>;
export type CreateBucketRequest = z.input<typeof CreateBucketRequestSchema>;
export type CreateBucketResponse = z.infer<typeof CreateBucketResponseSchema>;
export type BucketVersioningResponse = z.infer<typeof BucketVersioningResponseSchema>;
export type BucketAccess = z.infer<typeof BucketAccessSchema>;
export type BucketDetails = z.infer<typeof BucketDetailsSchema>;
export type SetBucketPolicyRequest = z.input<typeof SetBucketPolicyRequestSchema>;
export type QuotaType = z.infer<typeof QuotaTypeSchema>;
export type RetentionMode = z.infer<typeof RetentionModeSchema>;
export type RetentionUnit = z.infer<typeof RetentionUnitSchema>;
