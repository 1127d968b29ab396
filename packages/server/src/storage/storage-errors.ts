/**
 * The one table from storage-server error codes (S3 XML errors via minio-js, admin JSON errors and
 * STS errors via admin-client) to the console's answer: catalogue code and HTTP status. The
 * storage server's own message becomes `detailedMessage` ("Code: Message"), so the user sees what
 * the server said. Credentials the server no longer accepts mean the session is dead: 401, and
 * the caller revokes it. Network failures are `storage_unreachable`.
 */
import { AdminApiError } from '@coffer/admin-client';
import type { ErrorCode } from '@coffer/contract';

export interface ClassifiedError {
  code: ErrorCode;
  status: number;
  message: string;
  detailedMessage: string;
  /** The storage server refused the session's credentials themselves. */
  credentialsRejected: boolean;
}

interface Rule {
  code: ErrorCode;
  status: number;
  credentialsRejected?: boolean;
}

const S3_CODES: Record<string, Rule> = {
  AccessDenied: { code: 'access_denied', status: 403 },
  AllAccessDisabled: { code: 'access_denied', status: 403 },
  SignatureDoesNotMatch: { code: 'access_denied', status: 403 },
  InvalidAccessKeyId: { code: 'not_authenticated', status: 401, credentialsRejected: true },
  ExpiredToken: { code: 'not_authenticated', status: 401, credentialsRejected: true },
  InvalidTokenId: { code: 'not_authenticated', status: 401, credentialsRejected: true },
  InvalidClientTokenId: { code: 'not_authenticated', status: 401, credentialsRejected: true },
  TokenRefreshRequired: { code: 'not_authenticated', status: 401, credentialsRejected: true },
  NoSuchBucket: { code: 'not_found', status: 404 },
  NoSuchKey: { code: 'not_found', status: 404 },
  NoSuchVersion: { code: 'not_found', status: 404 },
  NoSuchUpload: { code: 'not_found', status: 404 },
  NotFound: { code: 'not_found', status: 404 },
  XMinioAdminNoSuchQuotaConfiguration: { code: 'not_found', status: 404 },
  BucketAlreadyExists: { code: 'conflict', status: 409 },
  BucketAlreadyOwnedByYou: { code: 'conflict', status: 409 },
  BucketNotEmpty: { code: 'conflict', status: 409 },
  InvalidBucketState: { code: 'conflict', status: 409 },
  OperationAborted: { code: 'conflict', status: 409 },
  InvalidBucketName: { code: 'invalid_request', status: 400 },
  InvalidArgument: { code: 'invalid_request', status: 400 },
  InvalidRequest: { code: 'invalid_request', status: 400 },
  InvalidObjectName: { code: 'invalid_request', status: 400 },
  XMinioInvalidObjectName: { code: 'invalid_request', status: 400 },
  KeyTooLongError: { code: 'invalid_request', status: 400 },
  MalformedXML: { code: 'invalid_request', status: 400 },
  InvalidRange: { code: 'invalid_request', status: 416 },
  EntityTooLarge: { code: 'payload_too_large', status: 413 },
  XMinioAdminBucketQuotaExceeded: { code: 'payload_too_large', status: 413 },
  NotImplemented: { code: 'not_implemented', status: 501 },
  XMinioAdminVersionMismatch: { code: 'not_implemented', status: 501 },
  // Admin API IAM errors (wire doc §6.2).
  XMinioAdminNoSuchUser: { code: 'not_found', status: 404 },
  XMinioAdminNoSuchGroup: { code: 'not_found', status: 404 },
  XMinioAdminNoSuchPolicy: { code: 'not_found', status: 404 },
  XMinioAdminNoSuchAccessKey: { code: 'not_found', status: 404 },
  XMinioAdminNoSuchServiceAccount: { code: 'not_found', status: 404 },
  XMinioAdminGroupNotEmpty: { code: 'conflict', status: 409 },
  XMinioIAMPolicyInUse: { code: 'conflict', status: 409 },
  XMinioAdminPolicyChangeAlreadyApplied: { code: 'conflict', status: 409 },
  XMinioMalformedIAMPolicy: { code: 'invalid_request', status: 400 },
  MalformedPolicy: { code: 'invalid_request', status: 400 },
  PolicyInvalidName: { code: 'invalid_request', status: 400 },
  XMinioAdminInvalidRequest: { code: 'invalid_request', status: 400 },
  XMinioAdminInvalidArgument: { code: 'invalid_request', status: 400 },
  XMinioInvalidResource: { code: 'invalid_request', status: 400 },
  XMinioAdminConfigBadJSON: { code: 'invalid_request', status: 400 },
  XMinioAdminConfigTooLarge: { code: 'payload_too_large', status: 413 },
  XMinioIAMActionNotAllowed: { code: 'access_denied', status: 403 },
  // Root-key misuse (403) or an unknown service account (404): see statusRules.
  XMinioInvalidIAMCredentials: { code: 'access_denied', status: 403 },
  XMinioIAMNotInitialized: { code: 'storage_error', status: 503 },
  SlowDown: { code: 'storage_error', status: 503 },
  ServiceUnavailable: { code: 'storage_error', status: 503 },
  XMinioServerNotInitialized: { code: 'storage_error', status: 503 },
  // Bucket encryption: no configuration; a KMS key the server does not know (wire doc §5.7).
  ServerSideEncryptionConfigurationNotFoundError: { code: 'not_found', status: 404 },
  'KMS.NotFoundException': { code: 'invalid_request', status: 400 },
  // Replication, lifecycle and tiers (wire doc §3.7, §3.8, §5.4, §5.5).
  ReplicationConfigurationNotFoundError: { code: 'not_found', status: 404 },
  NoSuchLifecycleConfiguration: { code: 'not_found', status: 404 },
  InvalidStorageClass: { code: 'invalid_request', status: 400 },
  XMinioAdminRemoteTargetNotFoundError: { code: 'not_found', status: 404 },
  XMinioAdminRemoteRemoveDisallowed: { code: 'conflict', status: 409 },
  XMinioAdminReplicationRemoteConnectionError: { code: 'storage_error', status: 503 },
  XMinioAdminTierReserved: { code: 'invalid_request', status: 400 },
  XMinioAdminTierInvalidConfig: { code: 'invalid_request', status: 400 },
  XMinioAdminTierInvalidConfigVersion: { code: 'invalid_request', status: 400 },
  XMinioAdminTierTypeUnsupported: { code: 'invalid_request', status: 400 },
  XMinioAdminTierInsufficientPermissions: { code: 'invalid_request', status: 400 },
  XMinioAdminTierInvalidCredentials: { code: 'invalid_request', status: 400 },
  XMinioAdminTierAlreadyExists: { code: 'conflict', status: 409 },
  XMinioAdminTierNameNotUpperCase: { code: 'invalid_request', status: 400 },
  XMinioAdminTierMissingCredentials: { code: 'invalid_request', status: 400 },
  XMinioAdminTierBucketNotFound: { code: 'invalid_request', status: 400 },
  XMinioAdminTierBackendInUse: { code: 'conflict', status: 409 },
  XMinioAdminTierBackendNotEmpty: { code: 'conflict', status: 409 },
  XMinioBackendDown: { code: 'storage_error', status: 503 },
  XMinioAdminReplicationBandwidthLimitError: { code: 'invalid_request', status: 400 },
  XMinioAdminTierNotFound: { code: 'not_found', status: 404 },
};

/** Codes whose meaning depends on the status the server gave them with. */
const STATUS_RULES: Record<string, Record<number, Rule>> = {
  XMinioInvalidIAMCredentials: { 404: { code: 'not_found', status: 404 } },
};

/** Node/undici network failure codes: nobody answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

/** minio-js client-side argument errors (checked before any request is sent). */
const CLIENT_ARGUMENT_ERRORS = new Set([
  'InvalidBucketNameError',
  'InvalidObjectNameError',
  'InvalidArgumentError',
  'InvalidPrefixError',
  'IsValidBucketNameError',
]);

function capitalise(text: string): string {
  return text.length > 0 ? text[0]?.toUpperCase() + text.slice(1) : text;
}

function s3ErrorFields(err: Error): { code: string; message: string } | undefined {
  // minio-js S3Error copies the XML <Error> children onto the error with lower-cased names.
  const e = err as Error & { code?: unknown };
  if (err.constructor.name === 'S3Error' && typeof e.code === 'string') {
    return { code: e.code, message: err.message || e.code };
  }
  return undefined;
}

/** Classify a failure from the storage side; undefined when it is not one. */
export function classifyStorageError(err: unknown): ClassifiedError | undefined {
  if (!(err instanceof Error)) return undefined;
  const sysCode = (err as NodeJS.ErrnoException).code;
  if (typeof sysCode === 'string' && NETWORK_CODES.has(sysCode)) {
    return {
      code: 'storage_unreachable',
      status: 503,
      message: 'The storage server cannot be reached',
      detailedMessage: `${sysCode}: ${err.message}`,
      credentialsRejected: false,
    };
  }
  if (CLIENT_ARGUMENT_ERRORS.has(err.constructor.name)) {
    return {
      code: 'invalid_request',
      status: 400,
      message: capitalise(err.message),
      detailedMessage: err.message,
      credentialsRejected: false,
    };
  }
  let code: string;
  let message: string;
  let fallbackStatus = 500;
  if (err instanceof AdminApiError) {
    code = err.code;
    message = err.message;
    fallbackStatus = err.status >= 400 ? err.status : 500;
  } else {
    const s3 = s3ErrorFields(err);
    if (!s3) return undefined;
    ({ code, message } = s3);
  }
  const rule = STATUS_RULES[code]?.[fallbackStatus] ?? S3_CODES[code];
  return {
    code: rule?.code ?? 'storage_error',
    status: rule?.status ?? fallbackStatus,
    message: capitalise(message),
    detailedMessage: `${code}: ${message}`,
    credentialsRejected: rule?.credentialsRejected ?? false,
  };
}

/** Status and catalogue code for an S3 error code (per-object failures of a bulk delete). */
export function ruleForS3Code(code: string): { code: ErrorCode; status: number } {
  return S3_CODES[code] ?? { code: 'storage_error', status: 500 };
}

/** The storage server's error code of a failure (S3 XML or admin JSON), if it is one. */
export function storageErrorCode(err: unknown): string | undefined {
  if (err instanceof AdminApiError) return err.code;
  return err instanceof Error ? s3ErrorFields(err)?.code : undefined;
}
