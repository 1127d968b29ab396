/**
 * Errors of the bucket configuration subsystems (MinIO `cmd/api-errors.go` codes): configuration
 * documents that are not set, quota and object lock. The admin JSON errors of a bad quota document
 * live here too because the quota parser raises them; `iam/` and `admin/` reuse them.
 */
import { defineError } from '../common/errors.js';

export class NoSuchBucketPolicy extends defineError('NoSuchBucketPolicy') {}
export class NoSuchCORSConfiguration extends defineError('NoSuchCORSConfiguration') {}
export class NoSuchTagSet extends defineError('NoSuchTagSet') {}
export class NoSuchLifecycleConfiguration extends defineError('NoSuchLifecycleConfiguration') {}
export class NoSuchWebsiteConfiguration extends defineError('NoSuchWebsiteConfiguration') {}
export class ServerSideEncryptionConfigurationNotFoundError extends defineError(
  'ServerSideEncryptionConfigurationNotFoundError',
) {}
export class ObjectLockConfigurationNotFoundError extends defineError(
  'ObjectLockConfigurationNotFoundError',
) {}
export class ReplicationConfigurationNotFoundError extends defineError(
  'ReplicationConfigurationNotFoundError',
) {}
/** XMinioAdminBucketQuotaExceeded, 400: a write that would take a bucket past its hard quota. */
export class BucketQuotaExceeded extends defineError('BucketQuotaExceeded') {}
/** XMinioAdminNoSuchQuotaConfiguration, 404: get-bucket-quota of a bucket without one. */
export class AdminNoSuchQuotaConfiguration extends defineError('AdminNoSuchQuotaConfiguration') {}
/**
 * AccessDenied, 403 (as AWS answers; MinIO says 400 InvalidRequest): deleting (or weakening the
 * retention of) a version under retention or legal hold.
 */
export class ObjectLocked extends defineError('ObjectLocked') {}
/** NoSuchObjectLockConfiguration, 400: GET ?retention / ?legal-hold of a version that has none. */
export class NoSuchObjectLockConfiguration extends defineError('NoSuchObjectLockConfiguration') {}
/** InvalidRequest, 400: object-lock headers or sub-resources used on a bucket created without lock. */
export class InvalidBucketObjectLockConfiguration extends defineError(
  'InvalidBucketObjectLockConfiguration',
) {}
/** XMinioAdminConfigBadJSON, 400: an admin body that does not decrypt or is not the expected JSON. */
export class AdminConfigBadJson extends defineError('AdminConfigBadJson') {}
/** XMinioAdminInvalidArgument, 400. */
export class AdminInvalidArgument extends defineError('AdminInvalidArgument') {}
/** Tags broke S3's limits (count, key ≤ 128, value ≤ 256, unique keys). 400. */
export class InvalidTag extends defineError('InvalidTag') {}
/** MalformedPolicy, 400: a bucket policy that is not a policy document. */
export class MalformedBucketPolicy extends defineError('MalformedBucketPolicy') {}
/** NoSuchPublicAccessBlockConfiguration, 404: GetPublicAccessBlock of a bucket without one (AWS). */
export class NoSuchPublicAccessBlockConfiguration extends defineError(
  'NoSuchPublicAccessBlockConfiguration',
) {}
/**
 * AccessDenied, 403 (AWS): a public bucket policy under BlockPublicPolicy, or a public ACL under
 * BlockPublicAcls.
 */
export class PublicAccessBlocked extends defineError('PublicAccessBlocked') {}
