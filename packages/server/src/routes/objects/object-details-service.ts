/**
 * The object details page's changes over S3 (spec 2 §7): retention, legal hold and tags of one
 * object version (the latest without `version_id`).
 *
 * - Set retention sends the bypass-governance header, as MinIO's console does: a governance
 *   retention may then be shortened or its mode changed by an account allowed
 *   s3:BypassGovernanceRetention; a compliance one only extended (the storage server refuses the
 *   rest and its message is answered).
 * - Remove retention is PutObjectRetention with an empty `<Retention/>` and the bypass header — the
 *   form MinIO (and this repository's engine) accept for lifting a governance retention.
 * - Tags replace the whole set; an empty set removes the tagging (S3 has no empty PutObjectTagging).
 */
import type {
  ObjectTargetQuerySchema,
  PutObjectLegalHoldRequestSchema,
  PutObjectRetentionRequestSchema,
  PutObjectTagsRequestSchema,
} from '@coffer/contract';
import type { Client, PutObjectLegalHoldOptions, RetentionOptions } from 'minio';
import type { z } from 'zod';

type Target = z.output<typeof ObjectTargetQuerySchema>;
/** minio-js types `versionId` as required in these options; at run time it is optional (latest). */
type VersionOpts = { versionId: string };

function versionOf(target: Target): VersionOpts {
  return (target.version_id !== undefined ? { versionId: target.version_id } : {}) as VersionOpts;
}

export async function putObjectRetention(
  s3: Client,
  bucket: string,
  target: Target,
  body: z.output<typeof PutObjectRetentionRequestSchema>,
): Promise<void> {
  const options: RetentionOptions = {
    ...versionOf(target),
    governanceBypass: true,
    mode: body.mode === 'compliance' ? 'COMPLIANCE' : 'GOVERNANCE',
    retainUntilDate: new Date(body.expires).toISOString(),
  };
  await s3.putObjectRetention(bucket, target.prefix, options);
}

export async function deleteObjectRetention(s3: Client, bucket: string, target: Target): Promise<void> {
  const options: RetentionOptions = { ...versionOf(target), governanceBypass: true };
  await s3.putObjectRetention(bucket, target.prefix, options);
}

export async function putObjectTags(
  s3: Client,
  bucket: string,
  target: Target,
  body: z.output<typeof PutObjectTagsRequestSchema>,
): Promise<void> {
  if (Object.keys(body.tags).length === 0) {
    await s3.removeObjectTagging(bucket, target.prefix, versionOf(target));
    return;
  }
  await s3.setObjectTagging(bucket, target.prefix, body.tags, versionOf(target));
}

export async function putObjectLegalHold(
  s3: Client,
  bucket: string,
  target: Target,
  body: z.output<typeof PutObjectLegalHoldRequestSchema>,
): Promise<void> {
  const options: PutObjectLegalHoldOptions = {
    ...versionOf(target),
    status: body.status === 'enabled' ? 'ON' : 'OFF',
  };
  // minio-js declares this call void, but it returns the request's promise.
  await (s3.setObjectLegalHold(bucket, target.prefix, options) as unknown as Promise<void>);
}
