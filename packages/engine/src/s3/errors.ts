/** Request errors raised by the S3 object and bucket handlers; names are the S3 codes in `http/errors.ts`. */
import { defineError } from '../common/errors.js';

export class InvalidDigest extends defineError('InvalidDigest') {}
/** The request's region does not match the server's. */
export class InvalidRegion extends defineError('InvalidRegion') {}
/** POST policy form: the policy's conditions were not met. */
export class PostPolicyConditionFailed extends defineError('PostPolicyConditionFailed') {}
export class EntityTooSmallForPolicy extends defineError('EntityTooSmallForPolicy') {}
export class EntityTooLargeForPolicy extends defineError('EntityTooLargeForPolicy') {}
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
/** PutBucketPolicy with a document over 20 KiB. 400 PolicyTooLarge. */
export class PolicyTooLarge extends defineError('PolicyTooLarge') {}
/** A Topic or CloudFunction notification configuration (MinIO takes Queue ones only). 400. */
export class UnsupportedNotification extends defineError('UnsupportedNotification') {}
/** RestoreObject of a version that is not on a remote tier. 403 InvalidObjectState. */
export class InvalidObjectState extends defineError('InvalidObjectState') {}
/** S3 Select: the SQL expression does not parse (MinIO's ParseSelectFailure). 400. */
export class SelectParseFailure extends defineError('SelectParseFailure') {}
/** S3 Select: the SQL parses but cannot run (e.g. aggregates mixed with plain columns). 400. */
export class SelectInvalidQuery extends defineError('SelectInvalidQuery') {}
/** S3 Select: FROM names something other than S3Object. 400. */
export class SelectBadTableName extends defineError('SelectBadTableName') {}
/** S3 Select: ExpressionType other than SQL. 400. */
export class InvalidExpressionType extends defineError('InvalidExpressionType') {}
