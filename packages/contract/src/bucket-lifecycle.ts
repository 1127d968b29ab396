/**
 * Bucket lifecycle (spec 1 §3 "Lifecycle rule (listed)", "Lifecycle create payload", "Lifecycle
 * update payload", §5, §7): the rules as listed, a new rule (expiry or transition, by date or by
 * days), and a rule's status and tags. Field names exactly as the spec gives them; tags travel as
 * key=value pairs joined with &.
 */
import { z } from 'zod';
import { BucketParamsSchema } from './buckets.js';

export const LifecycleRuleSchema = z
  .object({
    id: z.string(),
    prefix: z.string(),
    status: z.enum(['Enabled', 'Disabled']),
    expiration: z
      .object({
        days: z.number().int().optional(),
        date: z.string().optional(),
        delete_marker: z.boolean().optional(),
        noncurrent_expiration_days: z.number().int().optional(),
      })
      .optional(),
    transition: z
      .object({
        days: z.number().int().optional(),
        date: z.string().optional(),
        storage_class: z.string().optional(),
        noncurrent_transition_days: z.number().int().optional(),
        noncurrent_storage_class: z.string().optional(),
      })
      .optional(),
    tags: z.array(z.object({ key: z.string(), value: z.string() })),
  })
  .meta({ id: 'LifecycleRule' });
export type LifecycleRule = z.infer<typeof LifecycleRuleSchema>;

export const BucketLifecycleResponseSchema = z
  .object({ lifecycle: z.array(LifecycleRuleSchema) })
  .meta({ id: 'BucketLifecycle' });
export type BucketLifecycleResponse = z.infer<typeof BucketLifecycleResponseSchema>;

/** An ISO date with the spec's time suffix (2030-01-31T23:59:59Z), or a bare date. */
const LifecycleDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T23:59:59Z)?$/, 'Expected a date as YYYY-MM-DD (optionally with T23:59:59Z)');
const Days = z.number().int().min(1).max(2_147_483_647);

/**
 * POST /buckets/{bucket}/lifecycle. An expiry rule gives expiry_date or expiry_days; a transition
 * rule gives storage_class with transition_date or transition_days. One of the two kinds.
 */
export const AddLifecycleRuleRequestSchema = z
  .object({
    prefix: z.string().max(1024).default(''),
    tags: z.string().max(4096).default('').describe('key=value pairs joined with &'),
    expired_object_delete_marker: z.boolean().default(false),
    expiry_date: LifecycleDate.optional(),
    expiry_days: Days.optional(),
    noncurrentversion_expiration_days: Days.optional(),
    transition_date: LifecycleDate.optional(),
    transition_days: Days.optional(),
    noncurrentversion_transition_days: Days.optional(),
    noncurrentversion_transition_storage_class: z.string().max(256).optional(),
    storage_class: z.string().max(256).optional().describe('The tier name the objects move to'),
  })
  .refine(
    (r) => {
      const expiry = r.expiry_date !== undefined || r.expiry_days !== undefined;
      const transition = r.transition_date !== undefined || r.transition_days !== undefined;
      return expiry !== transition;
    },
    { message: 'Give either an expiry (date or days) or a transition (date or days)', path: ['expiry_days'] },
  )
  .refine((r) => !(r.expiry_date !== undefined && r.expiry_days !== undefined), {
    message: 'Give expiry_date or expiry_days, not both',
    path: ['expiry_date'],
  })
  .refine((r) => !(r.transition_date !== undefined && r.transition_days !== undefined), {
    message: 'Give transition_date or transition_days, not both',
    path: ['transition_date'],
  })
  .refine((r) => (r.transition_date === undefined && r.transition_days === undefined) || !!r.storage_class, {
    message: 'A transition needs a storage class (tier)',
    path: ['storage_class'],
  })
  .meta({ id: 'AddLifecycleRuleRequest' });
export type AddLifecycleRuleRequest = z.input<typeof AddLifecycleRuleRequestSchema>;

/** PUT /buckets/{bucket}/lifecycle/{ruleId}: the rule's status (disable) and its tags. */
export const UpdateLifecycleRuleRequestSchema = z
  .object({
    disable: z.boolean(),
    tags: z.string().max(4096).default('').describe('key=value pairs joined with &'),
  })
  .meta({ id: 'UpdateLifecycleRuleRequest' });
export type UpdateLifecycleRuleRequest = z.input<typeof UpdateLifecycleRuleRequestSchema>;

export const LifecycleRuleParamsSchema = BucketParamsSchema.extend({ ruleId: z.string().min(1).max(255) });
