/**
 * The rules of a remote tier's form that both sides check (spec 3 §3 "Tier", §5 "Tier"), free of
 * zod so the browser loads them through `@coffer/contract/client`: the types the console offers
 * (MinIO is sent as s3), the name rule and its message, word for word.
 */

/** Tier types as the console sends them (spec 3 §3: MinIO is sent as s3). */
export const TIER_TYPES = ['s3', 'gcs', 'azure'] as const;
export type TierType = (typeof TIER_TYPES)[number];

/** What the type selection offers (spec 3 §2), and the type each one is sent as. */
export const TIER_CHOICES = [
  { id: 'minio', label: 'MinIO', type: 's3' },
  { id: 'gcs', label: 'GCS', type: 'gcs' },
  { id: 's3', label: 'S3', type: 's3' },
  { id: 'azure', label: 'Azure', type: 'azure' },
] as const satisfies readonly { id: string; label: string; type: TierType }[];
export type TierChoiceId = (typeof TIER_CHOICES)[number]['id'];

/** Spec 3 §5: only A-Z, 0-9, dash and underscore (the form forces uppercase first). */
export const TIER_NAME_PATTERN = /^[A-Z0-9_-]+$/;
export const TIER_NAME_MESSAGE =
  'Please verify that string is uppercase only and contains valid characters (numbers, dashes & underscores).';
