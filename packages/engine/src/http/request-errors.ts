/**
 * Authentication and request-shape errors, raised by `http/auth.ts`, the router and the body
 * readers (handlers raise some too). Their names are the S3 codes they map to in `http/errors.ts`.
 */
import { defineError } from '../common/errors.js';

/** A presigned URL past its X-Amz-Expires (S3: AccessDenied, "Request has expired"). */
export class RequestExpired extends defineError('RequestExpired') {}
export class SignatureDoesNotMatch extends defineError('SignatureDoesNotMatch') {}
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
/** x-amz-content-sha256 did not match the received bytes. */
export class ContentSha256Mismatch extends defineError('ContentSha256Mismatch') {}
/** Admin-API request body too large or without Content-Length. */
export class AdminConfigTooLarge extends defineError('AdminConfigTooLarge') {}
/** An admin API path or version this server does not serve (426, lets madmin v4 fall back to v3). */
export class AdminVersionMismatch extends defineError('AdminVersionMismatch') {}
