/**
 * IAM policies (spec 2 §2 Policies, §3 "Policy: name, policy (JSON text)", §5, §7 Policies) and
 * the Access Audit tab of a bucket (spec 1 §2, §7: the policies and users that can reach it).
 *
 * The document travels as JSON text both ways, exactly as typed: the storage server parses and
 * validates it, and its refusal (e.g. a malformed document) is the error answer, with the
 * server's message in `detailedMessage`.
 */
import { z } from 'zod';

/** 'Policy create: name must be non-empty after trimming' (spec 2 §5); the trimmed name is used. */
const PolicyName = z.string().trim().min(1, 'The policy name is required').max(128);

export const PolicySchema = z
  .object({
    name: z.string(),
    policy: z.string().describe('The policy document as JSON text'),
  })
  .meta({ id: 'Policy' });

export const PolicyNameQuerySchema = z.object({ name: PolicyName });

export const PolicyParamsSchema = z.object({ name: PolicyName });

export const ListPoliciesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe('At most this many policies (the first by name); the assignment dialogs use 1000'),
});

export const ListPoliciesResponseSchema = z
  .object({
    policies: z.array(PolicySchema).describe('Sorted by name'),
    total: z.number().int().nonnegative().describe('Policies on the server, before `limit`'),
  })
  .meta({ id: 'PolicyList' });

/** POST /policies creates the policy or replaces its document. */
export const SavePolicyRequestSchema = z
  .object({
    name: PolicyName,
    policy: z.string().describe('The policy document as JSON text'),
  })
  .meta({ id: 'SavePolicyRequest' });

/** Users or groups (names) the policy is attached to directly. */
export const PolicyEntityNamesSchema = z.array(z.string()).meta({ id: 'PolicyEntityNames' });

export const EntityTypeSchema = z.enum(['user', 'group']);

export const SetPolicyParamsSchema = z.object({
  policyNames: z
    .string()
    .describe('Comma-separated policy names; the entity gets exactly these (empty: none)'),
});

export const SetPolicyRequestSchema = z
  .object({
    entityName: z.string().min(1),
    entityType: EntityTypeSchema,
  })
  .meta({ id: 'SetPolicyRequest' });

export const BucketPoliciesResponseSchema = z
  .object({
    policies: z.array(PolicySchema).describe('Policies that grant some S3 access to the bucket, by name'),
  })
  .meta({ id: 'BucketPolicies' });

export type Policy = z.infer<typeof PolicySchema>;
export type ListPoliciesQuery = z.input<typeof ListPoliciesQuerySchema>;
export type ListPoliciesResponse = z.infer<typeof ListPoliciesResponseSchema>;
export type SavePolicyRequest = z.input<typeof SavePolicyRequestSchema>;
export type PolicyEntityNames = z.infer<typeof PolicyEntityNamesSchema>;
export type EntityType = z.infer<typeof EntityTypeSchema>;
export type SetPolicyRequest = z.infer<typeof SetPolicyRequestSchema>;
export type BucketPoliciesResponse = z.infer<typeof BucketPoliciesResponseSchema>;
