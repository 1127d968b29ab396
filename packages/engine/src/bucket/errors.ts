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

// Remote targets and replication (MinIO cmd/api-errors.go).
/** XMinioAdminRemoteTargetNotFoundError, 404: an ARN the bucket has no remote target for. */
export class RemoteTargetNotFound extends defineError('RemoteTargetNotFound') {}
/** XMinioAdminReplicationRemoteConnectionError, 503: the remote endpoint did not answer or refused the keys. */
export class ReplicationRemoteConnectionError extends defineError('ReplicationRemoteConnectionError') {}
/** RemoteDestinationNotFoundError, 404: the remote bucket does not exist. */
export class RemoteDestinationNotFound extends defineError('RemoteDestinationNotFound') {}
/** RemoteTargetNotVersionedError, 400: the remote bucket is not versioned. */
export class RemoteTargetNotVersioned extends defineError('RemoteTargetNotVersioned') {}
/** XMinioAdminRemoteIdenticalToSource, 400: the target is this server's own source bucket. */
export class BucketRemoteIdenticalToSource extends defineError('BucketRemoteIdenticalToSource') {}
/** XMinioAdminRemoteRemoveDisallowed, 400: the ARN is still named by the replication configuration. */
export class BucketRemoteRemoveDisallowed extends defineError('BucketRemoteRemoveDisallowed') {}
/** XMinioAdminRemoteArnInvalid, 400. */
export class BucketRemoteArnInvalid extends defineError('BucketRemoteArnInvalid') {}
/** XMinioAdminRemoteARNTypeInvalid, 400: a target type other than `replication`. */
export class BucketRemoteArnTypeInvalid extends defineError('BucketRemoteArnTypeInvalid') {}
/** XMinioAdminReplicationBandwidthLimitError, 400. */
export class ReplicationBandwidthLimitError extends defineError('ReplicationBandwidthLimitError') {}
/** InvalidRequest, 400: a replication configuration on a bucket without Enabled versioning. */
export class ReplicationNeedsVersioning extends defineError('ReplicationNeedsVersioning') {}
/** InvalidRequest, 400: a remote target on a bucket without Enabled versioning. */
export class ReplicationBucketNeedsVersioning extends defineError('ReplicationBucketNeedsVersioning') {}
/** XMinioReplicationNoExistingObjects, 400: replication-reset without an ExistingObjectReplication rule. */
export class ReplicationNoExistingObjects extends defineError('ReplicationNoExistingObjects') {}
