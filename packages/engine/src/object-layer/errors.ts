/**
 * Errors of the object layer: buckets, objects, versions, multipart uploads, digests, ranges and
 * preconditions. The storage layer's errors (quorum, corruption) are re-exported: they reach
 * handlers through the object layer. The `EngineError` base and the generic request errors
 * (InvalidArgument, MalformedXML, AccessDenied, …) are `common/errors.ts`.
 */
import { defineError } from '../common/errors.js';

export * from '../storage/errors.js';

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
/** Content-MD5 did not match the received bytes. */
export class BadDigest extends defineError('BadDigest') {}
/** An x-amz-checksum-* value did not match the received bytes. */
export class ChecksumMismatch extends defineError('ChecksumMismatch') {}
export class InvalidRange extends defineError('InvalidRange') {
  objectSize = 0;
  range = '';
}
export class PreconditionFailed extends defineError('PreconditionFailed') {}
/** Not an error for the client: answer 304 Not Modified. */
export class NotModified extends defineError('NotModified') {}
export class InvalidBucketState extends defineError('InvalidBucketState') {}
/** A reserved or system name (such as the engine's own system area) was used by a client. */
export class ReservedName extends defineError('ReservedName') {}
