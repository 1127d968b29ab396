/**
 * One object's (or one version's) properties the object details page changes (spec 2 §2 "Object
 * details page", §4 "Object details", §5, §7): retention, legal hold and tags. Every call names
 * the object by `prefix` (its full key) and optionally `version_id`; without it the storage server
 * acts on the latest version.
 *
 * Version ids travel inside the storage server's query string, so they are held to the characters
 * S3 servers use for them (MinIO: a UUID or 'null'; AWS and Ceph RGW: letters, digits, '.', '_',
 * '-'); anything else is refused here rather than passed on.
 */
import { z } from 'zod';
import { RetentionModeSchema } from './buckets.js';

export const VersionIdSchema = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9._-]+$/, 'A version id has only letters, digits, ".", "_" and "-"')
  .describe("The object's version id ('null' for the unversioned one)");

export const ObjectTargetQuerySchema = z.object({
  prefix: z.string().min(1).max(1024).describe('Full key of the object'),
  version_id: VersionIdSchema.optional().describe('The version to change; absent: the latest'),
});

/** PUT /objects/retention: spec 2 §7 `{expires, mode}`, expires being the chosen date plus T23:59:59Z. */
export const PutObjectRetentionRequestSchema = z
  .object({
    expires: z.iso
      .datetime()
      .describe('Retain-until date, ISO 8601 in UTC (the console sends date + T23:59:59Z)'),
    mode: RetentionModeSchema,
  })
  .meta({ id: 'PutObjectRetentionRequest' });

/** S3's limits on object tags: at most 10, keys 1–128 and values 0–256 characters. */
export const MAX_OBJECT_TAGS = 10;

/** PUT /objects/tags: the object's whole tag set (what it will have afterwards; {} removes every tag). */
export const PutObjectTagsRequestSchema = z
  .object({
    tags: z
      .record(z.string().min(1).max(128), z.string().max(256))
      .refine((tags) => Object.keys(tags).length <= MAX_OBJECT_TAGS, {
        message: `An object has at most ${MAX_OBJECT_TAGS} tags`,
      }),
  })
  .meta({ id: 'PutObjectTagsRequest' });

export const LegalHoldChoiceSchema = z.enum(['enabled', 'disabled']);

/** PUT /objects/legalhold: spec 2 §7 `{status: enabled|disabled}`. */
export const PutObjectLegalHoldRequestSchema = z
  .object({ status: LegalHoldChoiceSchema })
  .meta({ id: 'PutObjectLegalHoldRequest' });

export type ObjectTargetQuery = z.input<typeof ObjectTargetQuerySchema>;
export type PutObjectRetentionRequest = z.input<typeof PutObjectRetentionRequestSchema>;
export type PutObjectTagsRequest = z.input<typeof PutObjectTagsRequestSchema>;
export type PutObjectLegalHoldRequest = z.input<typeof PutObjectLegalHoldRequestSchema>;
export type LegalHoldChoice = z.infer<typeof LegalHoldChoiceSchema>;
