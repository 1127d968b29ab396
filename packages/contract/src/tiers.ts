/**
 * Remote tiers (spec 3 §3 "Tier", §5 "Tier", §7; spec 1 §3 "Tier" for the lifecycle's storage
 * class choice): the list, a new tier, and a tier's new credentials. A tier travels as its type and
 * a nested object named after the type; MinIO is sent as s3. Every field the spec's form requires
 * is required here too; the name follows the uppercase rule with the spec's message.
 */
import { z } from 'zod';
import { TIER_NAME_MESSAGE, TIER_NAME_PATTERN } from './tier-rules.js';

const TierName = z.string().min(1).max(64).regex(TIER_NAME_PATTERN, TIER_NAME_MESSAGE);
const Required = (max: number) => z.string().min(1).max(max);

/** What every tier has (spec 3 §3: name, endpoint, bucket, prefix and region). */
const TierBaseFields = {
  name: TierName,
  endpoint: Required(1024),
  bucket: Required(255),
  prefix: Required(1024),
  region: Required(128),
};

export const TierS3Schema = z.object({
  ...TierBaseFields,
  accesskey: Required(256),
  secretkey: Required(256),
  storageclass: z.string().max(64).default(''),
});
export const TierGcsSchema = z.object({
  ...TierBaseFields,
  creds: Required(65_536).describe('The base64 content of the service account .json file'),
});
export const TierAzureSchema = z.object({
  ...TierBaseFields,
  accountname: Required(256),
  accountkey: Required(1024),
});

export const AddTierRequestSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('s3'), s3: TierS3Schema }),
    z.object({ type: z.literal('gcs'), gcs: TierGcsSchema }),
    z.object({ type: z.literal('azure'), azure: TierAzureSchema }),
  ])
  .meta({ id: 'AddTierRequest' });
export type AddTierRequest = z.input<typeof AddTierRequestSchema>;

/** A listed tier's fields (no secrets: the storage server redacts them). */
export const TierSummarySchema = z.object({
  name: z.string(),
  endpoint: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  region: z.string(),
  storageclass: z.string().optional(),
});

/** One listed tier: the type ('minio' when the storage server keeps it as a MinIO tier) and its fields. */
export const TierItemSchema = z
  .object({
    type: z.enum(['s3', 'gcs', 'azure', 'minio']),
    s3: TierSummarySchema.optional(),
    gcs: TierSummarySchema.optional(),
    azure: TierSummarySchema.optional(),
    minio: TierSummarySchema.optional(),
  })
  .meta({ id: 'Tier' });
export type TierItem = z.infer<typeof TierItemSchema>;

export const ListTiersResponseSchema = z.object({ items: z.array(TierItemSchema) }).meta({ id: 'TierList' });
export type ListTiersResponse = z.infer<typeof ListTiersResponseSchema>;

export const TierParamsSchema = z.object({
  type: z.enum(['s3', 'gcs', 'azure', 'minio']),
  name: z.string().min(1).max(64),
});

/** s3 (and MinIO) and azure send both keys; gcs sends creds (spec 3 §5). */
export const UpdateTierCredentialsRequestSchema = z
  .union([
    z.object({ access_key: Required(1024), secret_key: Required(1024) }),
    z.object({ creds: Required(65_536) }),
  ])
  .meta({ id: 'UpdateTierCredentialsRequest' });
export type UpdateTierCredentialsRequest = z.input<typeof UpdateTierCredentialsRequestSchema>;
