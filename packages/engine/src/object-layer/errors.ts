/**
 * Internal errors of the object layer and the layers below it. Handlers never build S3 error
 * responses from scratch: they throw (or let through) one of these, and `http/errors.ts` maps each
 * class to its S3 code and HTTP status in one table — the only place an error becomes bytes.
 */

/** Base class: `name` is stable and is the key of the mapping table in `http/errors.ts`. */
export abstract class EngineError extends Error {
  abstract override readonly name: string;
  /** The bucket and key the error is about, echoed in the S3 error body. */
  bucket?: string;
  key?: string;
  constructor(message?: string, where?: { bucket?: string | undefined; key?: string | undefined }) {
    super(message);
    if (where?.bucket !== undefined) this.bucket = where.bucket;
    if (where?.key !== undefined) this.key = where.key;
  }
}

type Where = { bucket?: string | undefined; key?: string | undefined };

function defineError<N extends string>(name: N) {
  return class extends EngineError {
    override readonly name = name;
    constructor(message?: string, where?: Where) {
      super(message ?? name, where);
    }
  };
}

export class BucketNotFound extends defineError('BucketNotFound') {}
export class BucketAlreadyOwnedByYou extends defineError('BucketAlreadyOwnedByYou') {}
export class BucketNotEmpty extends defineError('BucketNotEmpty') {}
export class InvalidBucketName extends defineError('InvalidBucketName') {}
export class ObjectNotFound extends defineError('ObjectNotFound') {}
export class VersionNotFound extends defineError('VersionNotFound') {}
/** GET/HEAD of a delete marker (404 with x-amz-delete-marker) or of a version that is one (405). */
export class ObjectIsDeleteMarker extends defineError('ObjectIsDeleteMarker') {
  versionId: string | null = null;
  /** True when a specific versionId was asked for (S3 answers 405 MethodNotAllowed then). */
  explicitVersion = false;
}
export class InvalidObjectName extends defineError('InvalidObjectName') {}
export class KeyTooLong extends defineError('KeyTooLong') {}
export class InvalidUploadId extends defineError('InvalidUploadId') {}
export class InvalidPart extends defineError('InvalidPart') {}
export class InvalidPartOrder extends defineError('InvalidPartOrder') {}
export class EntityTooSmall extends defineError('EntityTooSmall') {}
export class EntityTooLarge extends defineError('EntityTooLarge') {}
/** The body was shorter or longer than the declared Content-Length. */
export class IncompleteBody extends defineError('IncompleteBody') {}
/** Content-MD5 did not match the received bytes. */
export class BadDigest extends defineError('BadDigest') {}
export class InvalidDigest extends defineError('InvalidDigest') {}
/** An x-amz-checksum-* value did not match the received bytes. */
export class ChecksumMismatch extends defineError('ChecksumMismatch') {}
/** x-amz-content-sha256 did not match the received bytes. */
export class ContentSha256Mismatch extends defineError('ContentSha256Mismatch') {}
export class InvalidRange extends defineError('InvalidRange') {
  objectSize = 0;
  range = '';
}
export class PreconditionFailed extends defineError('PreconditionFailed') {}
/** Not an error for the client: answer 304 Not Modified. */
export class NotModified extends defineError('NotModified') {}
export class InsufficientReadQuorum extends defineError('InsufficientReadQuorum') {}
export class InsufficientWriteQuorum extends defineError('InsufficientWriteQuorum') {}
/** A stored shard or metadata failed its checksum and could not be rebuilt from the others. */
export class FileCorrupt extends defineError('FileCorrupt') {}
/**
 * The process ran out of file descriptors (EMFILE/ENFILE) while touching a drive: a resource
 * problem of the process, not a drive fault — the client retries later, the drive stays online.
 */
export class ResourceExhausted extends defineError('ResourceExhausted') {}
/** Too many failed sign-ins from this address or for this account (`sts/login-throttle.ts`). */
export class TooManyLoginAttempts extends defineError('TooManyLoginAttempts') {}
export class InvalidArgument extends defineError('InvalidArgument') {}
export class InvalidRequest extends defineError('InvalidRequest') {}
export class MalformedXML extends defineError('MalformedXML') {}
export class NotImplemented extends defineError('NotImplemented') {}
export class MethodNotAllowed extends defineError('MethodNotAllowed') {}
export class InvalidBucketState extends defineError('InvalidBucketState') {}
/** A reserved or system name (such as the engine's own system area) was used by a client. */
export class ReservedName extends defineError('ReservedName') {}

// Authentication and request-shape errors, raised by `http/auth.ts` and the router. Their names
// are the S3 codes they map to in `http/errors.ts`.
export class AccessDenied extends defineError('AccessDenied') {}
/** A presigned URL past its X-Amz-Expires (S3: AccessDenied, "Request has expired"). */
export class RequestExpired extends defineError('RequestExpired') {}
export class SignatureDoesNotMatch extends defineError('SignatureDoesNotMatch') {}
export class InvalidAccessKeyId extends defineError('InvalidAccessKeyId') {}
/** Temporary credentials used without (or with a wrong) X-Amz-Security-Token. */
export class InvalidTokenId extends defineError('InvalidTokenId') {}
export class ExpiredToken extends defineError('ExpiredToken') {}
export class RequestTimeTooSkewed extends defineError('RequestTimeTooSkewed') {}
export class AuthorizationHeaderMalformed extends defineError('AuthorizationHeaderMalformed') {}
export class AuthorizationQueryParametersError extends defineError('AuthorizationQueryParametersError') {}
/** Host (or another header that must be signed) is missing from SignedHeaders. */
export class UnsignedHeaders extends defineError('UnsignedHeaders') {}
export class MissingSecurityHeader extends defineError('MissingSecurityHeader') {}
export class MissingContentLength extends defineError('MissingContentLength') {}
export class MissingContentMD5 extends defineError('MissingContentMD5') {}
/** aws-chunked framing is broken (bad chunk size line, missing CRLF, truncated body). */
export class MalformedChunkedEncoding extends defineError('MalformedChunkedEncoding') {}
/** The request's region does not match the server's. */
export class InvalidRegion extends defineError('InvalidRegion') {}
/** POST policy form: the policy's conditions were not met. */
export class PostPolicyConditionFailed extends defineError('PostPolicyConditionFailed') {}
export class EntityTooSmallForPolicy extends defineError('EntityTooSmallForPolicy') {}
export class EntityTooLargeForPolicy extends defineError('EntityTooLargeForPolicy') {}
/** Admin-API request body too large or without Content-Length. */
export class AdminConfigTooLarge extends defineError('AdminConfigTooLarge') {}
export class InternalError extends defineError('InternalError') {}

// Bucket configuration documents that are not set (GET of a missing config). Their names are the
// S3 codes they map to in `http/errors.ts`.
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

/** An admin API path or version this server does not serve (426, lets madmin v4 fall back to v3). */
export class AdminVersionMismatch extends defineError('AdminVersionMismatch') {}

// STS request errors (answered in the STS ErrorResponse shape).
export class MissingParameter extends defineError('MissingParameter') {}
export class InvalidParameterValue extends defineError('InvalidParameterValue') {}

// Object-operation request errors raised by the S3 object handlers (`s3/`). Their names are the
// S3 codes they map to in `http/errors.ts`.
/** Object tags broke S3's limits (10 per object, key ≤ 128, value ≤ 256, unique keys). 400. */
export class InvalidTag extends defineError('InvalidTag') {}
/** x-amz-storage-class other than STANDARD / REDUCED_REDUNDANCY. 400. */
export class InvalidStorageClass extends defineError('InvalidStorageClass') {}
/** GET/HEAD ?partNumber beyond the object's parts. 416 "The requested partnumber is not satisfiable". */
export class InvalidPartNumber extends defineError('InvalidPartNumber') {}
/** A browser POST form that is not multipart/form-data or lacks its fields. 400. */
export class MalformedPOSTRequest extends defineError('MalformedPOSTRequest') {}
/** A POST policy that is not base64 JSON of the documented shape. 400. */
export class InvalidPolicyDocument extends defineError('InvalidPolicyDocument') {}
/** User metadata (x-amz-meta-*) over S3's 2 KiB limit. 400. */
export class MetadataTooLarge extends defineError('MetadataTooLarge') {}

// IAM administration errors raised by the admin handlers (`admin/`) and the IAM system (`iam/`);
// answered as admin JSON with MinIO's codes (wire doc §6.2, `cmd/api-errors.go`).
/** XMinioAdminNoSuchUser, 404. */
export class AdminNoSuchUser extends defineError('AdminNoSuchUser') {}
/** XMinioAdminNoSuchGroup, 404. */
export class AdminNoSuchGroup extends defineError('AdminNoSuchGroup') {}
/** XMinioAdminNoSuchPolicy, 404. */
export class AdminNoSuchPolicy extends defineError('AdminNoSuchPolicy') {}
/** XMinioAdminGroupNotEmpty, 400: a group is deleted only once it has no members. */
export class AdminGroupNotEmpty extends defineError('AdminGroupNotEmpty') {}
/** XMinioAdminNoSuchAccessKey, 404. */
export class AdminNoSuchAccessKey extends defineError('AdminNoSuchAccessKey') {}
/** XMinioInvalidIAMCredentials, 404: a service account that does not exist (or is someone else's). */
export class AdminServiceAccountNotFound extends defineError('AdminServiceAccountNotFound') {}
/** XMinioInvalidIAMCredentials, 403: root's key used as a user, or a user call aimed at STS/service keys. */
export class AdminInvalidIamCredentials extends defineError('AdminInvalidIamCredentials') {}
/** XMinioInvalidResource, 400: an empty name or one with leading/trailing spaces. */
export class AdminInvalidResourceName extends defineError('AdminInvalidResourceName') {}
/** XMinioIAMActionNotAllowed, 403: e.g. changing one's own status, built-in policies. */
export class IamActionNotAllowed extends defineError('IamActionNotAllowed') {}
/** XMinioMalformedIAMPolicy, 400: a policy document that does not parse or validate. */
export class MalformedIamPolicy extends defineError('MalformedIamPolicy') {}
/** MalformedPolicy, 400: a policy without Version. */
export class PolicyMissingVersion extends defineError('PolicyMissingVersion') {}
/** PolicyInvalidName, 400: a policy name with a comma. */
export class PolicyInvalidName extends defineError('PolicyInvalidName') {}
/** XMinioIAMPolicyInUse, 400: removing a policy still attached to a user or group. */
export class IamPolicyInUse extends defineError('IamPolicyInUse') {}
/** XMinioAdminPolicyChangeAlreadyApplied, 400: attach/detach that changes nothing. */
export class AdminPolicyChangeAlreadyApplied extends defineError('AdminPolicyChangeAlreadyApplied') {}
/** XMinioAdminInvalidArgument, 400. */
export class AdminInvalidArgument extends defineError('AdminInvalidArgument') {}
/** XMinioAdminInvalidRequest, 400. */
export class AdminInvalidRequest extends defineError('AdminInvalidRequest') {}
/** XMinioAdminConfigBadJSON, 400: an admin body that does not decrypt or is not the expected JSON. */
export class AdminConfigBadJson extends defineError('AdminConfigBadJson') {}
/** XMinioAdminInvalidAccessKey, 400. */
export class AdminInvalidAccessKey extends defineError('AdminInvalidAccessKey') {}
/** XMinioAdminInvalidSecretKey, 400. */
export class AdminInvalidSecretKey extends defineError('AdminInvalidSecretKey') {}
/** BadRequest, 400: e.g. policy attach/detach without Content-Type application/octet-stream. */
export class BadRequest extends defineError('BadRequest') {}

// Bucket quota and object lock (MinIO `cmd/api-errors.go` codes), raised by `bucket/quota*.ts`,
// `bucket/object-lock.ts` and the handlers that use them.
/** XMinioAdminBucketQuotaExceeded, 400: a write that would take a bucket past its hard quota. */
export class BucketQuotaExceeded extends defineError('BucketQuotaExceeded') {}
/** XMinioAdminNoSuchQuotaConfiguration, 404: get-bucket-quota of a bucket without one. */
export class AdminNoSuchQuotaConfiguration extends defineError('AdminNoSuchQuotaConfiguration') {}
/** InvalidRequest, 400: deleting (or weakening the retention of) a version under retention or legal hold. */
export class ObjectLocked extends defineError('ObjectLocked') {}
/** NoSuchObjectLockConfiguration, 400: GET ?retention / ?legal-hold of a version that has none. */
export class NoSuchObjectLockConfiguration extends defineError('NoSuchObjectLockConfiguration') {}
/** InvalidRequest, 400: object-lock headers or sub-resources used on a bucket created without lock. */
export class InvalidBucketObjectLockConfiguration extends defineError(
  'InvalidBucketObjectLockConfiguration',
) {}
