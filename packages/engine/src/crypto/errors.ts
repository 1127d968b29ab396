/**
 * Errors of encryption at rest (MinIO `cmd/api-errors.go` codes): SSE request headers that are
 * wrong or missing, objects read without (or with the wrong) customer key, stored data that fails
 * authentication.
 */
import { defineError } from '../common/errors.js';

/** InvalidArgument, 400: a malformed or inconsistent SSE header (message says which). */
export class SseInvalidArgument extends defineError('SseInvalidArgument') {}
/** InvalidRequest, 400: `x-amz-server-side-encryption` names no algorithm the engine knows. */
export class SseInvalidEncryptionMethod extends defineError('SseInvalidEncryptionMethod') {}
/** InvalidRequest, 400: SSE-C headers over a connection that is neither TLS nor loopback. */
export class SseInsecureCustomerRequest extends defineError('SseInsecureCustomerRequest') {}
/** InvalidRequest, 400: an SSE-C object read (or copied, or a part written) without its key. */
export class SseEncryptedObject extends defineError('SseEncryptedObject') {}
/** InvalidRequest, 400: SSE-C headers for an object (or upload) that is not SSE-C. */
export class SseParametersNotApplicable extends defineError('SseParametersNotApplicable') {}
/** AccessDenied, 403: the customer key does not open the object's key. */
export class SseCustomerKeyMismatch extends defineError('SseCustomerKeyMismatch') {}
/** BadRequest, 400: SSE-S3 / SSE-KMS headers on a read (MinIO, like AWS, refuses them there). */
export class SseHeadersOnRead extends defineError('SseHeadersOnRead') {}
/** XMinioObjectTampered: stored ciphertext failed authentication or has the wrong length. */
export class ObjectTampered extends defineError('ObjectTampered') {}
