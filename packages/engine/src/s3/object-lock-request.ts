/**
 * What the object-level object-lock handlers (`?retention`, `?legal-hold`), the write handlers
 * and the delete handlers share: the lock fields of a new version, the check that the bucket was
 * created with object lock, and the governance bypass
 * of a request (`x-amz-bypass-governance-retention: true`, honoured only for callers allowed
 * `s3:BypassGovernanceRetention` on the object — checked lazily, when a GOVERNANCE retention
 * actually stands in the way).
 */
import type { RequestContext } from '../http/context.js';
import { isAuthorized } from '../http/authorize.js';
import { bypassGovernanceRequested, lockFieldsForUpload, type LockOverride } from '../bucket/object-lock.js';
import { InvalidBucketObjectLockConfiguration } from '../bucket/errors.js';
import type { BucketMetadata, ObjectMetadataInput } from '../object-layer/types.js';

/** The bucket's metadata; 400 "Bucket is missing ObjectLockConfiguration" unless it has object lock. */
export async function requireLockBucket(ctx: RequestContext, bucket: string): Promise<BucketMetadata> {
  const meta = await ctx.engine.objectLayer.getBucketMetadata(bucket);
  if (!meta.objectLockEnabled) throw new InvalidBucketObjectLockConfiguration(undefined, { bucket });
  return meta;
}

/** The request's governance override for `bucket/key`, at the current time. */
export function lockOverride(ctx: RequestContext, bucket: string, key: string): LockOverride {
  return {
    bypassGovernance: bypassGovernanceRequested(ctx.req.headers),
    mayBypass: () => isAuthorized(ctx, 's3:BypassGovernanceRetention', bucket, key),
    now: Date.now(),
  };
}

/**
 * Add the lock fields a new version of `bucket/key` gets (lock headers or the bucket's default
 * retention, `lockFieldsForUpload`) to the write's metadata. Lock headers need
 * `s3:PutObjectRetention` / `s3:PutObjectLegalHold` on the object besides `s3:PutObject`.
 */
export function addUploadLockFields(
  ctx: RequestContext,
  meta: BucketMetadata,
  metadata: ObjectMetadataInput,
  target: { bucket: string; key: string },
): void {
  const fields = lockFieldsForUpload(ctx.req.headers, meta, {
    now: Date.now(),
    lockConfig: ctx.engine.bucketMetadata.fromMetadata(meta, 'objectLock'),
    may: (action) => isAuthorized(ctx, action, target.bucket, target.key),
    where: target,
  });
  if (Object.keys(fields).length > 0) metadata.internal = { ...(metadata.internal ?? {}), ...fields };
}
