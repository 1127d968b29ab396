/**
 * Buckets (spec 1 §3, §7): the list, the create payload, delete and versioning. The list is
 * paginated and searchable on the server, and its sizes come from the storage server's usage
 * report without ever blocking the list (user needs #2): when the report is not at hand yet,
 * `size` is absent and `usage_pending` says so; ask again later.
 */
import { z } from 'zod';

/** S3 bucket-name rules are the storage server's to enforce; this only bounds the input. */
const BucketName = z.string().min(1).max(255);

export const BucketParamsSchema = z.object({ bucket: BucketName });

export const BucketSchema = z
  .object({
    name: z.string(),
    creation_date: z.string().describe('ISO 8601'),
    size: z.number().int().nonnegative().optional().describe('Bytes used, from the last usage scan'),
    objects: z.number().int().nonnegative().optional().describe('Objects, from the last usage scan'),
    access: z.enum(['PRIVATE', 'PUBLIC', 'CUSTOM']).optional(),
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

export type Bucket = z.infer<typeof BucketSchema>;
export type ListBucketsQuery = z.input<typeof ListBucketsQuerySchema>;
export type ListBucketsResponse = z.infer<typeof ListBucketsResponseSchema>;
export type CreateBucketRequest = z.input<typeof CreateBucketRequestSchema>;
export type CreateBucketResponse = z.infer<typeof CreateBucketResponseSchema>;
export type BucketVersioningResponse = z.infer<typeof BucketVersioningResponseSchema>;
export type QuotaType = z.infer<typeof QuotaTypeSchema>;
export type RetentionMode = z.infer<typeof RetentionModeSchema>;
export type RetentionUnit = z.infer<typeof RetentionUnitSchema>;
