/**
 * The one place an error becomes bytes. Every `EngineError` class (the layers' `errors.ts`) has one
 * entry in `ERROR_TABLE`: its S3 code, HTTP status and default message, taken from S3's documented
 * error responses and MinIO's `cmd/api-errors.go`. `writeError` turns any thrown value into the
 * reply format of the API the request was routed to:
 * - S3: XML `<Error>` (wire doc §6.1; element order Code, Message, Key, BucketName, Resource, Region,
 *   RequestId, HostId, ActualObjectSize, RangeRequested); HEAD gets headers only
 *   (`x-minio-error-code` / `x-minio-error-desc`);
 * - admin (`/minio/admin/*`): JSON object (wire doc §6.2);
 * - STS: XML `<ErrorResponse>` (wire doc §4.4), authentication failures folded into AccessDenied.
 *
 * Errors without a table entry (bugs, I/O failures) become 500 InternalError with the stack logged.
 * The compiler keeps the table complete (`satisfies Record<EngineErrorName, …>`); a unit test also
 * checks every exported EngineError class found on disk and that
 * `docs/s3-errors.md` lists the table as it is.
 */
import { createHash } from 'node:crypto';
import type { RequestContext } from './context.js';
import { toXml } from './xml.js';
import * as commonErrors from '../common/errors.js';
import * as storageErrors from '../storage/errors.js';
import * as objectLayerErrors from '../object-layer/errors.js';
import * as bucketErrors from '../bucket/errors.js';
import * as iamErrors from '../iam/errors.js';
import * as requestErrors from './request-errors.js';
import * as s3Errors from '../s3/errors.js';
import * as adminErrors from '../admin/errors.js';
import * as stsErrors from '../sts/errors.js';
import * as kmsErrors from '../kms/errors.js';
import * as cryptoErrors from '../crypto/errors.js';
import * as tierErrors from '../tier/errors.js';
import { EngineError } from '../common/errors.js';
import { InvalidRange, ObjectIsDeleteMarker } from '../object-layer/errors.js';
import { ResourceExhausted } from '../storage/errors.js';
import { isResourceExhaustion } from '../storage/resource-errors.js';

/** Every module that defines error classes: the table's keys are typed against their names. */
export const ERROR_MODULES = {
  common: commonErrors,
  storage: storageErrors,
  objectLayer: objectLayerErrors,
  bucket: bucketErrors,
  iam: iamErrors,
  request: requestErrors,
  s3: s3Errors,
  admin: adminErrors,
  sts: stsErrors,
  kms: kmsErrors,
  crypto: cryptoErrors,
  tier: tierErrors,
} as const;

/** The `name` of a concrete error class among a module's exports. */
type ErrorNameOf<M> = {
  [K in keyof M]: M[K] extends abstract new (...args: never[]) => infer I
    ? I extends EngineError
      ? M[K] extends new (...args: never[]) => EngineError
        ? I['name']
        : never
      : never
    : never;
}[keyof M];

/** The name of every concrete `EngineError` class of the engine: the table must map each one. */
export type EngineErrorName = {
  [K in keyof typeof ERROR_MODULES]: ErrorNameOf<(typeof ERROR_MODULES)[K]>;
}[keyof typeof ERROR_MODULES];

export interface ErrorMapping {
  code: string;
  status: number;
  message: string;
}

/**
 * EngineError class name → S3 error. Codes and messages follow AWS S3 and MinIO; where MinIO
 * and AWS differ, MinIO's wording wins (clients of this engine are MinIO clients first).
 */
const TABLE = {
  // Buckets.
  BucketNotFound: { code: 'NoSuchBucket', status: 404, message: 'The specified bucket does not exist' },
  BucketAlreadyOwnedByYou: {
    code: 'BucketAlreadyOwnedByYou',
    status: 409,
    message: 'Your previous request to create the named bucket succeeded and you already own it.',
  },
  BucketNotEmpty: {
    code: 'BucketNotEmpty',
    status: 409,
    message: 'The bucket you tried to delete is not empty',
  },
  InvalidBucketName: {
    code: 'InvalidBucketName',
    status: 400,
    message: 'The specified bucket is not valid.',
  },
  InvalidBucketState: {
    code: 'InvalidBucketState',
    status: 409,
    message: 'The request is not valid with the current state of the bucket.',
  },
  // Objects and versions.
  ObjectNotFound: { code: 'NoSuchKey', status: 404, message: 'The specified key does not exist.' },
  VersionNotFound: { code: 'NoSuchVersion', status: 404, message: 'The specified version does not exist.' },
  // Status and code are adjusted per instance (405 MethodNotAllowed for an explicit version).
  ObjectIsDeleteMarker: { code: 'NoSuchKey', status: 404, message: 'The specified key does not exist.' },
  InvalidObjectName: {
    code: 'XMinioInvalidObjectName',
    status: 400,
    message: 'Object name contains unsupported characters.',
  },
  KeyTooLong: { code: 'KeyTooLongError', status: 400, message: 'Your key is too long' },
  ReservedName: {
    code: 'XMinioInvalidResourceName',
    status: 400,
    message: 'The name is reserved for the server and cannot be used.',
  },
  InvalidTag: { code: 'InvalidTag', status: 400, message: 'The TagValue you have provided is invalid' },
  InvalidStorageClass: { code: 'InvalidStorageClass', status: 400, message: 'Invalid storage class.' },
  InvalidObjectState: {
    code: 'InvalidObjectState',
    status: 403,
    message: 'The operation is not valid for the current state of the object.',
  },
  MetadataTooLarge: {
    code: 'MetadataTooLarge',
    status: 400,
    message: 'Your metadata headers exceed the maximum allowed metadata size.',
  },
  // Multipart.
  InvalidUploadId: {
    code: 'NoSuchUpload',
    status: 404,
    message:
      'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  },
  InvalidPart: {
    code: 'InvalidPart',
    status: 400,
    message:
      "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
  },
  InvalidPartOrder: {
    code: 'InvalidPartOrder',
    status: 400,
    message:
      'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
  },
  EntityTooSmall: {
    code: 'EntityTooSmall',
    status: 400,
    message: 'Your proposed upload is smaller than the minimum allowed object size.',
  },
  EntityTooLarge: {
    code: 'EntityTooLarge',
    status: 400,
    message: 'Your proposed upload exceeds the maximum allowed object size.',
  },
  // Bodies and digests.
  IncompleteBody: {
    code: 'IncompleteBody',
    status: 400,
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  },
  BadDigest: {
    code: 'BadDigest',
    status: 400,
    message: 'The Content-Md5 you specified did not match what we received.',
  },
  InvalidDigest: {
    code: 'InvalidDigest',
    status: 400,
    message: 'The Content-Md5 you specified is not valid.',
  },
  ChecksumMismatch: {
    code: 'XAmzContentChecksumMismatch',
    status: 400,
    message: "The provided 'x-amz-checksum' header does not match what was computed.",
  },
  ContentSha256Mismatch: {
    code: 'XAmzContentSHA256Mismatch',
    status: 400,
    message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  },
  MalformedChunkedEncoding: {
    code: 'IncompleteBody',
    status: 400,
    message: 'The aws-chunked encoding of the request body is malformed.',
  },
  MissingContentLength: {
    code: 'MissingContentLength',
    status: 411,
    message: 'You must provide the Content-Length HTTP header.',
  },
  MissingContentMD5: {
    code: 'MissingContentMD5',
    status: 400,
    message: 'Missing or invalid required header for this request: Content-Md5 or Amz-Content-Checksum',
  },
  // Conditional and range requests.
  InvalidRange: { code: 'InvalidRange', status: 416, message: 'The requested range is not satisfiable' },
  InvalidPartNumber: {
    code: 'InvalidPartNumber',
    status: 416,
    message: 'The requested partnumber is not satisfiable',
  },
  PreconditionFailed: {
    code: 'PreconditionFailed',
    status: 412,
    message: 'At least one of the pre-conditions you specified did not hold',
  },
  NotModified: { code: 'NotModified', status: 304, message: 'Not Modified' },
  // Storage health: MinIO answers quorum loss with its SlowDownRead / SlowDownWrite codes (503).
  InsufficientReadQuorum: {
    code: 'SlowDownRead',
    status: 503,
    message: 'Resource requested is unreadable, please reduce your request rate',
  },
  InsufficientWriteQuorum: {
    code: 'SlowDownWrite',
    status: 503,
    message: 'Resource requested is unwritable, please reduce your request rate',
  },
  FileCorrupt: {
    code: 'XMinioObjectTampered',
    status: 500,
    message: 'The stored data is corrupt and could not be reconstructed.',
  },
  // Out of file descriptors: S3's generic back-off answer, which every SDK retries.
  ResourceExhausted: { code: 'SlowDown', status: 503, message: 'Please reduce your request rate.' },
  // Sign-in back-off (STS): 429, MinIO's TooManyRequests; a throttle, not a verdict on the keys.
  TooManyLoginAttempts: {
    code: 'TooManyRequests',
    status: 429,
    message: 'Too many failed sign-in attempts; try again later.',
  },
  // Request shape.
  InvalidArgument: { code: 'InvalidArgument', status: 400, message: 'Invalid argument' },
  InvalidRequest: { code: 'InvalidRequest', status: 400, message: 'Invalid Request' },
  MalformedXML: {
    code: 'MalformedXML',
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema.',
  },
  NotImplemented: {
    code: 'NotImplemented',
    status: 501,
    message: 'A header you provided implies functionality that is not implemented',
  },
  MethodNotAllowed: {
    code: 'MethodNotAllowed',
    status: 405,
    message: 'The specified method is not allowed against this resource.',
  },
  // Bucket configuration documents that are not set.
  NoSuchBucketPolicy: {
    code: 'NoSuchBucketPolicy',
    status: 404,
    message: 'The bucket policy does not exist',
  },
  NoSuchCORSConfiguration: {
    code: 'NoSuchCORSConfiguration',
    status: 404,
    message: 'The CORS configuration does not exist',
  },
  NoSuchTagSet: { code: 'NoSuchTagSet', status: 404, message: 'The TagSet does not exist' },
  NoSuchLifecycleConfiguration: {
    code: 'NoSuchLifecycleConfiguration',
    status: 404,
    message: 'The lifecycle configuration does not exist',
  },
  NoSuchWebsiteConfiguration: {
    code: 'NoSuchWebsiteConfiguration',
    status: 404,
    message: 'The specified bucket does not have a website configuration',
  },
  ServerSideEncryptionConfigurationNotFoundError: {
    code: 'ServerSideEncryptionConfigurationNotFoundError',
    status: 404,
    message: 'The server side encryption configuration was not found',
  },
  ObjectLockConfigurationNotFoundError: {
    code: 'ObjectLockConfigurationNotFoundError',
    status: 404,
    message: 'Object Lock configuration does not exist for this bucket',
  },
  ReplicationConfigurationNotFoundError: {
    code: 'ReplicationConfigurationNotFoundError',
    status: 404,
    message: 'The replication configuration was not found',
  },
  RemoteTargetNotFound: {
    code: 'XMinioAdminRemoteTargetNotFoundError',
    status: 404,
    message: 'The remote target does not exist',
  },
  ReplicationRemoteConnectionError: {
    code: 'XMinioAdminReplicationRemoteConnectionError',
    status: 503,
    message: 'Remote service connection error',
  },
  RemoteDestinationNotFound: {
    code: 'RemoteDestinationNotFoundError',
    status: 404,
    message: 'The remote destination bucket does not exist',
  },
  RemoteTargetNotVersioned: {
    code: 'RemoteTargetNotVersionedError',
    status: 400,
    message: 'The remote target does not have versioning enabled',
  },
  BucketRemoteIdenticalToSource: {
    code: 'XMinioAdminRemoteIdenticalToSource',
    status: 400,
    message: 'The remote target cannot be identical to source',
  },
  BucketRemoteRemoveDisallowed: {
    code: 'XMinioAdminRemoteRemoveDisallowed',
    status: 400,
    message: 'This ARN is in use by an existing configuration',
  },
  BucketRemoteArnInvalid: {
    code: 'XMinioAdminRemoteArnInvalid',
    status: 400,
    message: 'The bucket remote ARN does not have correct format',
  },
  BucketRemoteArnTypeInvalid: {
    code: 'XMinioAdminRemoteARNTypeInvalid',
    status: 400,
    message: 'The bucket remote ARN type is not valid',
  },
  ReplicationBandwidthLimitError: {
    code: 'XMinioAdminReplicationBandwidthLimitError',
    status: 400,
    message: 'Bandwidth limit for remote target must be at least 100MBps',
  },
  ReplicationNeedsVersioning: {
    code: 'InvalidRequest',
    status: 400,
    message: "Versioning must be 'Enabled' on the bucket to apply a replication configuration",
  },
  ReplicationBucketNeedsVersioning: {
    code: 'InvalidRequest',
    status: 400,
    message: "Versioning must be 'Enabled' on the bucket to add a replication target",
  },
  ReplicationNoExistingObjects: {
    code: 'XMinioReplicationNoExistingObjects',
    status: 400,
    message: 'No matching ExistingObjects rule enabled',
  },
  NoSuchPublicAccessBlockConfiguration: {
    code: 'NoSuchPublicAccessBlockConfiguration',
    status: 404,
    message: 'The public access block configuration was not found',
  },
  // Authentication.
  AccessDenied: { code: 'AccessDenied', status: 403, message: 'Access Denied.' },
  RequestExpired: { code: 'AccessDenied', status: 403, message: 'Request has expired' },
  SignatureDoesNotMatch: {
    code: 'SignatureDoesNotMatch',
    status: 403,
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  },
  InvalidAccessKeyId: {
    code: 'InvalidAccessKeyId',
    status: 403,
    message: 'The Access Key Id you provided does not exist in our records.',
  },
  InvalidTokenId: {
    code: 'InvalidTokenId',
    status: 403,
    message: 'The security token included in the request is invalid',
  },
  ExpiredToken: { code: 'ExpiredToken', status: 400, message: 'The provided token has expired.' },
  RequestTimeTooSkewed: {
    code: 'RequestTimeTooSkewed',
    status: 403,
    message: "The difference between the request time and the server's time is too large.",
  },
  AuthorizationHeaderMalformed: {
    code: 'AuthorizationHeaderMalformed',
    status: 400,
    message: "The authorization header is malformed; the region is wrong; expecting 'us-east-1'.",
  },
  AuthorizationQueryParametersError: {
    code: 'AuthorizationQueryParametersError',
    status: 400,
    message:
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
  },
  UnsignedHeaders: {
    code: 'AccessDenied',
    status: 400,
    message: 'There were headers present in the request which were not signed',
  },
  MissingSecurityHeader: {
    code: 'MissingSecurityHeader',
    status: 400,
    message: 'Your request was missing a required header',
  },
  InvalidRegion: { code: 'InvalidRegion', status: 400, message: 'Region does not match.' },
  // POST policy uploads (AWS answers a failed condition with 403 AccessDenied).
  PostPolicyConditionFailed: {
    code: 'AccessDenied',
    status: 403,
    message: 'Invalid according to Policy: Policy Condition failed',
  },
  EntityTooSmallForPolicy: {
    code: 'EntityTooSmall',
    status: 400,
    message: 'Your proposed upload is smaller than the minimum allowed size',
  },
  EntityTooLargeForPolicy: {
    code: 'EntityTooLarge',
    status: 400,
    message: 'Your proposed upload exceeds the maximum allowed size',
  },
  MalformedPOSTRequest: {
    code: 'MalformedPOSTRequest',
    status: 400,
    message: 'The body of your POST request is not well-formed multipart/form-data.',
  },
  InvalidPolicyDocument: {
    code: 'InvalidPolicyDocument',
    status: 400,
    message: 'The content of the form does not meet the conditions specified in the policy document.',
  },
  // S3 Select (MinIO's pkg/s3select codes); errors met while streaming go in the event stream.
  SelectParseFailure: {
    code: 'ParseSelectFailure',
    status: 400,
    message: 'The SQL expression could not be parsed.',
  },
  SelectInvalidQuery: { code: 'InvalidQuery', status: 400, message: 'The query is not valid.' },
  SelectBadTableName: { code: 'BadTableName', status: 400, message: 'The table name is not supported' },
  InvalidExpressionType: {
    code: 'InvalidExpressionType',
    status: 400,
    message: 'The ExpressionType is invalid. Only SQL expressions are supported.',
  },
  // Admin API.
  AdminConfigTooLarge: {
    code: 'XMinioAdminConfigTooLarge',
    status: 400,
    message: 'Configuration data provided exceeds the allowed maximum of 262272 bytes',
  },
  AdminVersionMismatch: {
    code: 'XMinioAdminVersionMismatch',
    status: 426,
    message: "This 'admin' API is not supported by server in 'mode-server-xl'",
  },
  // IAM administration (MinIO cmd/api-errors.go codes and descriptions).
  AdminNoSuchUser: {
    code: 'XMinioAdminNoSuchUser',
    status: 404,
    message: 'The specified user does not exist.',
  },
  AdminNoSuchGroup: {
    code: 'XMinioAdminNoSuchGroup',
    status: 404,
    message: 'The specified group does not exist.',
  },
  AdminNoSuchPolicy: {
    code: 'XMinioAdminNoSuchPolicy',
    status: 404,
    message: 'The canned policy does not exist.',
  },
  AdminGroupNotEmpty: {
    code: 'XMinioAdminGroupNotEmpty',
    status: 400,
    message: 'The specified group is not empty - cannot remove it.',
  },
  AdminNoSuchAccessKey: {
    code: 'XMinioAdminNoSuchAccessKey',
    status: 404,
    message: 'The specified access key does not exist.',
  },
  AdminServiceAccountNotFound: {
    code: 'XMinioInvalidIAMCredentials',
    status: 404,
    message: 'The specified service account is not found',
  },
  AdminInvalidIamCredentials: {
    code: 'XMinioInvalidIAMCredentials',
    status: 403,
    message: 'User is not allowed to be same as admin access key',
  },
  AdminInvalidResourceName: {
    code: 'XMinioInvalidResource',
    status: 400,
    message: 'Policy, user or group names cannot be empty or begin/end with space characters',
  },
  IamActionNotAllowed: {
    code: 'XMinioIAMActionNotAllowed',
    status: 403,
    message: 'Specified IAM action is not allowed',
  },
  MalformedIamPolicy: { code: 'XMinioMalformedIAMPolicy', status: 400, message: 'The policy is malformed.' },
  PolicyMissingVersion: { code: 'MalformedPolicy', status: 400, message: 'Policy must have a Version.' },
  MalformedBucketPolicy: {
    code: 'MalformedPolicy',
    status: 400,
    message: 'The bucket policy is not a valid policy document.',
  },
  PolicyTooLarge: {
    code: 'PolicyTooLarge',
    status: 400,
    message: 'Policy exceeds the maximum allowed document size.',
  },
  PolicyInvalidName: { code: 'PolicyInvalidName', status: 400, message: 'Policy name may not contain comma' },
  IamPolicyInUse: {
    code: 'XMinioIAMPolicyInUse',
    status: 400,
    message: 'The policy cannot be removed, as it is in use',
  },
  AdminPolicyChangeAlreadyApplied: {
    code: 'XMinioAdminPolicyChangeAlreadyApplied',
    status: 400,
    message: 'The specified policy change is already in effect.',
  },
  AdminInvalidArgument: {
    code: 'XMinioAdminInvalidArgument',
    status: 400,
    message: 'Invalid arguments specified.',
  },
  AdminInvalidRequest: { code: 'XMinioAdminInvalidRequest', status: 400, message: 'Invalid request.' },
  AdminConfigBadJson: {
    code: 'XMinioAdminConfigBadJSON',
    status: 400,
    message: 'JSON configuration provided is of incorrect format',
  },
  AdminInvalidAccessKey: {
    code: 'XMinioAdminInvalidAccessKey',
    status: 400,
    message: 'The access key is invalid.',
  },
  AdminInvalidSecretKey: {
    code: 'XMinioAdminInvalidSecretKey',
    status: 400,
    message: 'The secret key is invalid.',
  },
  BadRequest: { code: 'BadRequest', status: 400, message: '400 BadRequest' },
  // Heal sequences (MinIO cmd/api-errors.go; its AlreadyRunning / OverlappingPaths carry no default text).
  HealInvalidClientToken: {
    code: 'XMinioHealInvalidClientToken',
    status: 400,
    message: 'Client token mismatch',
  },
  HealAlreadyRunning: { code: 'XMinioHealAlreadyRunning', status: 400, message: 'Heal is already running.' },
  HealOverlappingPaths: {
    code: 'XMinioHealOverlappingPaths',
    status: 400,
    message: 'The provided heal sequence path overlaps with an existing heal path.',
  },
  RequestBodyParse: {
    code: 'XMinioRequestBodyParse',
    status: 400,
    message: 'The request body failed to parse.',
  },
  // Bucket quota and object lock (MinIO cmd/api-errors.go).
  BucketQuotaExceeded: {
    code: 'XMinioAdminBucketQuotaExceeded',
    status: 400,
    message: 'Bucket quota exceeded',
  },
  AdminNoSuchQuotaConfiguration: {
    code: 'XMinioAdminNoSuchQuotaConfiguration',
    status: 404,
    message: 'The quota configuration does not exist',
  },
  // AWS's answer (MinIO says 400 InvalidRequest "Object is WORM protected…"): a 403 tells clients
  // and the console that the refusal is a protection, not a malformed request to retry or report.
  ObjectLocked: {
    code: 'AccessDenied',
    status: 403,
    message: 'Access Denied because object protected by object lock.',
  },
  // AWS's answer to what a bucket's public access block forbids (a public policy or ACL).
  PublicAccessBlocked: {
    code: 'AccessDenied',
    status: 403,
    message: "Access Denied because the bucket's public access block forbids it.",
  },
  NoSuchObjectLockConfiguration: {
    code: 'NoSuchObjectLockConfiguration',
    status: 400,
    message: 'The specified object does not have a ObjectLock configuration',
  },
  InvalidBucketObjectLockConfiguration: {
    code: 'InvalidRequest',
    status: 400,
    message: 'Bucket is missing ObjectLockConfiguration',
  },
  // STS.
  MissingParameter: {
    code: 'MissingParameter',
    status: 400,
    message: 'A required parameter for the specified action is not supplied.',
  },
  InvalidParameterValue: {
    code: 'InvalidParameterValue',
    status: 400,
    message: 'An invalid or out-of-range value was supplied for the input parameter.',
  },
  InternalError: {
    code: 'InternalError',
    status: 500,
    message: 'We encountered an internal error, please try again.',
  },
  // Remote tiers (MinIO cmd/tier-handlers.go, cmd/tier.go, madmin's tier config decoding).
  TierAlreadyExists: {
    code: 'XMinioAdminTierAlreadyExists',
    status: 409,
    message: 'Specified remote tier already exists',
  },
  TierNotFound: {
    code: 'XMinioAdminTierNotFound',
    status: 404,
    message: 'Specified remote tier was not found',
  },
  TierNameNotUppercase: {
    code: 'XMinioAdminTierNameNotUpperCase',
    status: 400,
    message: 'Tier name must be in uppercase',
  },
  TierReserved: { code: 'XMinioAdminTierReserved', status: 400, message: 'Cannot use reserved tier name' },
  TierInvalidConfig: { code: 'XMinioAdminTierInvalidConfig', status: 400, message: 'invalid tier config' },
  TierInvalidConfigVersion: {
    code: 'XMinioAdminTierInvalidConfigVersion',
    status: 400,
    message: 'invalid tier config version',
  },
  TierTypeUnsupported: {
    code: 'XMinioAdminTierTypeUnsupported',
    status: 400,
    message: 'unsupported tier type',
  },
  TierMissingCredentials: {
    code: 'XMinioAdminTierMissingCredentials',
    status: 400,
    message: 'Specified remote credentials are empty',
  },
  TierBackendInUse: {
    code: 'XMinioAdminTierBackendInUse',
    status: 409,
    message: 'Specified remote tier is already in use',
  },
  TierBackendNotEmpty: {
    code: 'XMinioAdminTierBackendNotEmpty',
    status: 400,
    message: 'Specified remote backend is not empty',
  },
  TierBucketNotFound: {
    code: 'XMinioAdminTierBucketNotFound',
    status: 400,
    message: 'Remote tier bucket not found',
  },
  TierInvalidCredentials: {
    code: 'XMinioAdminTierInvalidCredentials',
    status: 400,
    message: 'Invalid remote tier credentials',
  },
  TierBackendDown: { code: 'XMinioBackendDown', status: 400, message: 'Remote backend is unreachable' },
  // The built-in KMS (MinIO cmd/api-errors.go and internal/kms/errors.go).
  KmsNotConfigured: {
    code: 'NotImplemented',
    status: 501,
    message: 'Server side encryption specified but KMS is not configured',
  },
  KmsKeyNotFound: { code: 'KMS.NotFoundException', status: 400, message: 'Invalid keyId' },
  KmsKeyExists: {
    code: 'kms:KeyAlreadyExists',
    status: 409,
    message: 'key with given key ID already exists',
  },
  KmsDecryptionFailed: {
    code: 'kms:InvalidCiphertextException',
    status: 400,
    message: 'failed to decrypt ciphertext',
  },
  // Encryption at rest (MinIO cmd/api-errors.go).
  SseInvalidArgument: {
    code: 'InvalidArgument',
    status: 400,
    message: 'The server side encryption headers are not valid.',
  },
  SseInvalidEncryptionMethod: {
    code: 'InvalidRequest',
    status: 400,
    message: 'The encryption method specified is not supported',
  },
  SseInsecureCustomerRequest: {
    code: 'InvalidRequest',
    status: 400,
    message:
      'Requests specifying Server Side Encryption with Customer provided keys must be made over a secure connection.',
  },
  SseEncryptedObject: {
    code: 'InvalidRequest',
    status: 400,
    message:
      'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.',
  },
  SseParametersNotApplicable: {
    code: 'InvalidRequest',
    status: 400,
    message: 'The encryption parameters are not applicable to this object.',
  },
  SseCustomerKeyMismatch: { code: 'AccessDenied', status: 403, message: 'Access Denied.' },
  SseHeadersOnRead: { code: 'BadRequest', status: 400, message: '400 BadRequest' },
  ObjectTampered: {
    code: 'XMinioObjectTampered',
    status: 400,
    message: 'The requested object was modified and may be compromised',
  },
  UnsupportedNotification: {
    code: 'UnsupportedNotification',
    status: 400,
    message: 'MinIO server does not support Topic or Cloud Function based notifications.',
  },
} satisfies Record<EngineErrorName, ErrorMapping>;

/**
 * EngineError class name → S3 error. The `satisfies` above makes a missing or misspelt class a
 * compile error; lookups go by a thrown error's runtime `name`, hence the wider type.
 */
export const ERROR_TABLE: Readonly<Record<string, ErrorMapping>> = TABLE;

const INTERNAL: ErrorMapping = {
  code: 'InternalError',
  status: 500,
  message: 'We encountered an internal error, please try again.',
};

/** What an error looks like on the wire, before choosing the format. */
export interface ApiError extends ErrorMapping {
  bucket?: string;
  key?: string;
  /** Extra response headers (delete-marker headers, Retry-After). */
  headers: Record<string, string>;
  actualObjectSize?: string;
  rangeRequested?: string;
}

/** Map any thrown value to its S3 error (unknown values → InternalError). */
export function toApiError(err: unknown, ctx?: RequestContext): ApiError {
  if (!(err instanceof EngineError)) return { ...INTERNAL, headers: {} };
  const base = ERROR_TABLE[err.name] ?? INTERNAL;
  // A handler may give a more specific message (InvalidArgument "max-keys must be…"); the class
  // name as message means "use the catalogue's".
  const custom = err.message !== '' && err.message !== err.name;
  const out: ApiError = {
    code: base.code,
    status: base.status,
    message: custom ? err.message : base.message,
    headers: {},
  };
  if (err.bucket !== undefined) out.bucket = err.bucket;
  if (err.key !== undefined) out.key = err.key;
  if (
    !custom &&
    err.name === 'AuthorizationHeaderMalformed' &&
    ctx !== undefined &&
    ctx.engine.region !== ''
  ) {
    out.message = `The authorization header is malformed; the region is wrong; expecting '${ctx.engine.region}'.`;
  }
  if (err instanceof ObjectIsDeleteMarker) {
    // S3: GET/HEAD of a key whose latest version is a delete marker → 404 NoSuchKey; naming the
    // delete marker's version explicitly → 405 MethodNotAllowed. Both say it is a delete marker.
    out.headers['x-amz-delete-marker'] = 'true';
    if (err.versionId !== null) out.headers['x-amz-version-id'] = err.versionId;
    if (err.explicitVersion) {
      const mna = ERROR_TABLE.MethodNotAllowed ?? INTERNAL;
      out.code = mna.code;
      out.status = mna.status;
      if (!custom) out.message = mna.message;
    }
  }
  if (err instanceof InvalidRange) {
    out.actualObjectSize = String(err.objectSize);
    if (err.range !== '') out.rangeRequested = err.range;
    out.headers['Content-Range'] = `bytes */${err.objectSize}`;
  }
  return out;
}

/** The last node name hashed and its hash (several engines in one process alternate harmlessly). */
let lastHostId: { node?: string; id: string } = { id: '' };

/** X-Amz-Id-2 / HostId: hex SHA-256 of the node's name, as MinIO does. */
export function hostIdOf(ctx: RequestContext): string {
  let node = 'coffer';
  try {
    node = ctx.engine.endpoint();
  } catch {
    // Not listening yet: any stable name will do.
  }
  // Every reply carries it (X-Amz-Id-2) and the node's name rarely changes: one hash per name.
  if (node !== lastHostId.node) lastHostId = { node, id: createHash('sha256').update(node).digest('hex') };
  return lastHostId.id;
}

/** Headers the server sets on every reply; everything else a handler set is dropped on error. */
const KEPT_ON_ERROR = new Set([
  'x-amz-request-id',
  'x-amz-id-2',
  'server',
  'accept-ranges',
  'x-amz-bucket-region',
  'x-content-type-options',
  'x-xss-protection',
  'strict-transport-security',
  'retry-after',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
]);

function resetHeaders(ctx: RequestContext): void {
  for (const name of ctx.res.getHeaderNames()) {
    if (!KEPT_ON_ERROR.has(name)) ctx.res.removeHeader(name);
  }
}

function logUnexpected(ctx: RequestContext, err: unknown): void {
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  console.error(`[engine] ${ctx.method} ${ctx.path} (request ${ctx.requestId}) failed: ${detail}`);
}

function finish(ctx: RequestContext, status: number, contentType: string, body: string): void {
  const { res } = ctx;
  res.statusCode = status;
  if (status === 503) res.setHeader('Retry-After', '60');
  if (ctx.method === 'HEAD') {
    res.end();
    return;
  }
  const bytes = Buffer.from(body, 'utf8');
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/** Prepare the response for an error; false when nothing can be written any more. */
function prepare(ctx: RequestContext, thrown: unknown): ApiError | undefined {
  const { res } = ctx;
  // Out of file descriptors anywhere below: a passing overload, answered like one (503 SlowDown).
  const err = isResourceExhaustion(thrown) ? new ResourceExhausted() : thrown;
  const mapped = err instanceof EngineError ? ERROR_TABLE[err.name] : undefined;
  if (mapped === undefined || (mapped.status >= 500 && mapped.status !== 503 && mapped.status !== 501)) {
    logUnexpected(ctx, err);
  }
  if (res.headersSent) {
    // Mid-body failure: the status line is gone, so the only honest signal is a broken connection.
    res.destroy(err instanceof Error ? err : undefined);
    return undefined;
  }
  if (res.writableEnded || res.destroyed) return undefined;
  const api = toApiError(err, ctx);
  if (api.status !== 304) resetHeaders(ctx);
  for (const [name, value] of Object.entries(api.headers)) res.setHeader(name, value);
  return api;
}

/** Header values may only hold visible Latin-1; anything else (a key in a message) becomes '?'. */
function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

/** S3 XML error (wire doc §6.1). */
export function writeS3Error(ctx: RequestContext, err: unknown): void {
  const api = prepare(ctx, err);
  if (api === undefined) return;
  const { res } = ctx;
  if (api.status === 304) {
    // Not Modified: no body, the validators the handler set (ETag, Last-Modified) stay.
    res.statusCode = 304;
    res.removeHeader('Content-Length');
    res.removeHeader('Content-Type');
    res.end();
    return;
  }
  if (ctx.method === 'HEAD') {
    // HEAD replies carry no body; MinIO puts the code and message in headers instead.
    res.setHeader('x-minio-error-code', api.code);
    res.setHeader('x-minio-error-desc', headerSafe(JSON.stringify(api.message)));
  }
  const bucket = api.bucket ?? ctx.target.bucket;
  const key = api.key ?? ctx.target.key;
  const body = toXml(
    'Error',
    {
      Code: api.code,
      Message: api.message,
      Key: key === '' ? undefined : key,
      BucketName: bucket === '' ? undefined : bucket,
      Resource: ctx.path,
      Region: ctx.engine.region === '' ? undefined : ctx.engine.region,
      RequestId: ctx.requestId,
      HostId: hostIdOf(ctx),
      ActualObjectSize: api.actualObjectSize,
      RangeRequested: api.rangeRequested,
    },
    { xmlns: false },
  );
  finish(ctx, api.status, 'application/xml', body);
}

/** Go's json.Encoder escapes <, > and & (madmin parses either way; this keeps bodies identical). */
function goJson(value: unknown): string {
  return (
    JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026') + '\n'
  );
}

/** Admin JSON error (wire doc §6.2). */
export function writeAdminError(ctx: RequestContext, err: unknown): void {
  const api = prepare(ctx, err);
  if (api === undefined) return;
  const bucket = api.bucket ?? ctx.target.bucket;
  const body: Record<string, string> = { Code: api.code, Message: api.message };
  if (api.key !== undefined && api.key !== '') body.Key = api.key;
  if (bucket !== undefined && bucket !== '') body.BucketName = bucket;
  body.Resource = ctx.path;
  if (ctx.engine.region !== '') body.Region = ctx.engine.region;
  body.RequestId = ctx.requestId;
  body.HostId = hostIdOf(ctx);
  finish(ctx, api.status, 'application/json', goJson(body));
}

/** S3 codes that STS reports as AccessDenied (MinIO's apiToSTSError folds auth failures). */
const STS_ACCESS_DENIED = new Set([
  'AccessDenied',
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId',
  'InvalidTokenId',
  'RequestTimeTooSkewed',
  'AuthorizationHeaderMalformed',
  'AuthorizationQueryParametersError',
  'MissingSecurityHeader',
  'XAmzContentSHA256Mismatch',
  'InvalidRegion',
]);

/** STS XML error (wire doc §4.4). */
export function writeStsError(ctx: RequestContext, err: unknown): void {
  const api = prepare(ctx, err);
  if (api === undefined) return;
  let { code, status, message } = api;
  if (STS_ACCESS_DENIED.has(code)) {
    // One answer for an unknown key and a wrong secret: the reply must not tell which it was.
    if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch') message = 'Access Denied.';
    code = 'AccessDenied';
    status = 403;
  } else if (code === 'InvalidArgument') {
    code = 'InvalidParameterValue';
    status = 400;
  }
  const body = toXml(
    'ErrorResponse',
    { Error: { Type: '', Code: code, Message: message }, RequestId: ctx.requestId },
    { xmlns: 'https://sts.amazonaws.com/doc/2011-06-15/' },
  );
  finish(ctx, status, 'application/xml', body);
}

/** Write `err` in the format of the API the request was routed to (S3 unless known otherwise). */
export function writeError(ctx: RequestContext, err: unknown): void {
  const api = ctx.api ?? (ctx.path.startsWith('/minio/admin/') ? 'admin' : 's3');
  switch (api) {
    case 'admin':
    case 'metrics':
      // Prometheus auth failures use the admin JSON shape (wire doc §6.3).
      writeAdminError(ctx, err);
      return;
    case 'sts':
      writeStsError(ctx, err);
      return;
    default:
      writeS3Error(ctx, err);
  }
}
