/**
 * A bucket's settings on its Summary (spec 1 §3, §7): versioning (PUT), quota, default retention,
 * object locking and the replication rules. Each GET answers the state as the storage server
 * keeps it; each PUT answers the state after the change, read back from the server.
 */
import { z } from 'zod';
import { QuotaTypeSchema, RetentionModeSchema, RetentionUnitSchema } from './buckets.js';

/** PUT /buckets/{bucket}/versioning: true enables versioning, false suspends it. */
export const SetBucketVersioningRequestSchema = z
  .object({ versioning: z.boolean() })
  .meta({ id: 'SetBucketVersioningRequest' });
export type SetBucketVersioningRequest = z.input<typeof SetBucketVersioningRequestSchema>;

/** GET /buckets/{bucket}/quota (spec 1 §3 Quota: type, quota in bytes, enabled). */
export const BucketQuotaSchema = z
  .object({
    enabled: z.boolean().describe('False when the bucket has no quota'),
    quota: z.number().int().nonnegative().describe('Bytes; 0 when the bucket has no quota'),
    type: QuotaTypeSchema.describe('hard refuses writes over the quota; fifo removes the oldest objects'),
  })
  .meta({ id: 'BucketQuota' });
export type BucketQuota = z.infer<typeof BucketQuotaSchema>;

/** PUT /buckets/{bucket}/quota: `enabled` false removes the quota (amount and type are then ignored). */
export const SetBucketQuotaRequestSchema = z
  .object({
    enabled: z.boolean(),
    amount: z.number().int().min(0).describe('Bytes'),
    quota_type: QuotaTypeSchema.default('hard'),
  })
  .refine((r) => !r.enabled || r.amount >= 1, {
    message: 'The quota must be at least 1 byte',
    path: ['amount'],
  })
  .meta({ id: 'SetBucketQuotaRequest' });
export type SetBucketQuotaRequest = z.input<typeof SetBucketQuotaRequestSchema>;

/** A bucket's default retention (spec 1 §3 Retention); validity at least 1 (spec 1 §5). */
export const BucketRetentionSchema = z
  .object({
    mode: RetentionModeSchema,
    unit: RetentionUnitSchema,
    validity: z.number().int().min(1),
  })
  .meta({ id: 'BucketRetention' });
export type BucketRetention = z.infer<typeof BucketRetentionSchema>;

/** GET /buckets/{bucket}/retention: the three fields, or none when no default retention is set. */
export const BucketRetentionResponseSchema = z
  .object({
    mode: RetentionModeSchema.optional(),
    unit: RetentionUnitSchema.optional(),
    validity: z.number().int().min(1).optional(),
  })
  .meta({ id: 'BucketRetentionState' });
export type BucketRetentionResponse = z.infer<typeof BucketRetentionResponseSchema>;

/** GET /buckets/{bucket}/object-locking. */
export const BucketObjectLockingSchema = z
  .object({
    object_locking_enabled: z.boolean().describe('The bucket was created with object locking'),
  })
  .meta({ id: 'BucketObjectLocking' });
export type BucketObjectLocking = z.infer<typeof BucketObjectLockingSchema>;

/** One rule of a bucket's replication configuration (spec 1 §3 "Replication rule (listed)"). */
export const ReplicationRuleSchema = z
  .object({
    id: z.string(),
    status: z.enum(['Enabled', 'Disabled']),
    priority: z.number().int(),
    prefix: z.string().describe('The filter prefix; empty for the whole bucket'),
    tags: z.string().describe('The filter tags as key=value pairs joined with &; empty for none'),
    destination: z.object({
      bucket: z.string().describe('As stored: the remote target ARN'),
      storage_class: z.string().optional(),
    }),
    delete_marker_replication: z.boolean(),
    deletes_replication: z.boolean(),
  })
  .meta({ id: 'ReplicationRule' });
export type ReplicationRule = z.infer<typeof ReplicationRuleSchema>;

/** GET /buckets/{bucket}/replication: the rules, none when the bucket has no configuration. */
export const BucketReplicationSchema = z
  .object({ rules: z.array(ReplicationRuleSchema) })
  .meta({ id: 'BucketReplication' });
export type BucketReplication = z.infer<typeof BucketReplicationSchema>;
