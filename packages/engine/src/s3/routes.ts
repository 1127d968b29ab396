/**
 * The S3 dispatch table: method + addressing level (service, bucket, object) + sub-resource query
 * keys (+ a header test where S3 overloads a method, e.g. x-amz-copy-source) → handler, operation
 * name and IAM action. Rules are tried in order, so specific rules come before the plain ones.
 *
 * A "plain" rule only matches when the query names no S3 sub-resource: any other query keys are
 * parameters (versionId, partNumber, response-*, AWS SDK v3's `x-id`, …) and never change the
 * operation. A request that matches no rule but names a sub-resource is 501 NotImplemented (a
 * feature we do not serve); otherwise it is 405 MethodNotAllowed.
 */
import type { RequestContext } from '../http/context.js';
import { MethodNotAllowed, NotImplemented } from '../common/errors.js';
// Bucket level.
import { createBucket } from './create-bucket.js';
import { deleteBucket } from './delete-bucket.js';
import { deleteBucketCors } from './delete-bucket-cors.js';
import { deleteBucketEncryption } from './delete-bucket-encryption.js';
import { deleteBucketLifecycle } from './delete-bucket-lifecycle.js';
import { deleteBucketPolicy } from './delete-bucket-policy.js';
import { deleteBucketReplication } from './delete-bucket-replication.js';
import { deleteBucketTagging } from './delete-bucket-tagging.js';
import { deleteBucketWebsite } from './delete-bucket-website.js';
import { getBucketAccelerate } from './get-bucket-accelerate.js';
import { getBucketAcl } from './get-bucket-acl.js';
import { getBucketCors } from './get-bucket-cors.js';
import { getBucketEncryption } from './get-bucket-encryption.js';
import { putBucketEncryption } from './put-bucket-encryption.js';
import { getBucketLifecycle } from './get-bucket-lifecycle.js';
import { putBucketLifecycle } from './put-bucket-lifecycle.js';
import { restoreObject } from './restore-object.js';
import { getBucketLocation } from './get-bucket-location.js';
import { getBucketLogging } from './get-bucket-logging.js';
import { getBucketNotification } from './get-bucket-notification.js';
import { putBucketNotification } from './put-bucket-notification.js';
import { listenNotification } from './listen-notification.js';
import { getBucketPolicy } from './get-bucket-policy.js';
import { getBucketPolicyStatus } from './get-bucket-policy-status.js';
import { getBucketReplication } from './get-bucket-replication.js';
import { putBucketReplication } from './put-bucket-replication.js';
import {
  getBucketReplicationMetrics,
  getBucketReplicationResetStatus,
  resetBucketReplication,
} from './replication-extensions.js';
import { getBucketRequestPayment } from './get-bucket-request-payment.js';
import { getBucketTagging } from './get-bucket-tagging.js';
import { getBucketVersioning } from './get-bucket-versioning.js';
import { getBucketWebsite } from './get-bucket-website.js';
import { getObjectLockConfiguration } from './get-object-lock-configuration.js';
import { putObjectLockConfiguration } from './put-object-lock-configuration.js';
import { headBucket } from './head-bucket.js';
import { listBuckets } from './list-buckets.js';
import { listMultipartUploads } from './list-multipart-uploads.js';
import { listObjectVersions } from './list-object-versions.js';
import { listObjectsV1 } from './list-objects-v1.js';
import { listObjectsV2 } from './list-objects-v2.js';
import { putBucketAcl } from './put-bucket-acl.js';
import { putBucketVersioning } from './put-bucket-versioning.js';
import { deletePublicAccessBlock } from './delete-public-access-block.js';
import { getPublicAccessBlock } from './get-public-access-block.js';
import { putPublicAccessBlock } from './put-public-access-block.js';
import { putBucketCors, putBucketTagging } from './put-bucket-config-document.js';
import {
  deleteBucketOwnershipControls,
  getBucketOwnershipControls,
  putBucketOwnershipControls,
} from './bucket-ownership-controls.js';
// Object level.
import { abortMultipartUpload } from './abort-multipart-upload.js';
import { completeMultipartUpload } from './complete-multipart-upload.js';
import { copyObject } from './copy-object.js';
import { createMultipartUpload } from './create-multipart-upload.js';
import { deleteObject } from './delete-object.js';
import { deleteObjectTagging } from './delete-object-tagging.js';
import { deleteObjects } from './delete-objects.js';
import { getObject } from './get-object.js';
import { getObjectAcl } from './get-object-acl.js';
import { getObjectAttributes } from './get-object-attributes.js';
import { getObjectLegalHold } from './get-object-legal-hold.js';
import { getObjectRetention } from './get-object-retention.js';
import { getObjectTagging } from './get-object-tagging.js';
import { headObject } from './head-object.js';
import { listParts } from './list-parts.js';
import { postObject } from './post-object.js';
import { putBucketPolicy } from './put-bucket-policy.js';
import { putObject } from './put-object.js';
import { putObjectAcl } from './put-object-acl.js';
import { putObjectLegalHold } from './put-object-legal-hold.js';
import { putObjectRetention } from './put-object-retention.js';
import { putObjectTagging } from './put-object-tagging.js';
import { uploadPart } from './upload-part.js';
import { uploadPartCopy } from './upload-part-copy.js';
import { selectObjectContent } from './select-object-content.js';

export type S3Handler = (ctx: RequestContext) => Promise<void>;

/** What the router needs to run an S3 operation. */
export interface S3Route {
  /** S3 operation name (trace, metrics), e.g. `ListObjectsV2`. */
  operation: string;
  /** IAM action checked by `authorize`, e.g. `s3:ListBucket`. */
  action: string;
  handler: S3Handler;
  /** 'self': the handler authenticates the request itself (POST policy form uploads). */
  authenticates?: 'self';
}

type Level = 'service' | 'bucket' | 'object';

interface S3Rule extends S3Route {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  level: Level;
  /** Query keys that must all be present (values may be empty). */
  query?: readonly string[];
  /** Query keys with a required value. */
  queryValues?: Readonly<Record<string, string>>;
  /** Match only when the query names no sub-resource. */
  plain?: boolean;
  /** Extra test on headers. */
  when?: (ctx: RequestContext) => boolean;
}

/**
 * Query keys that select an S3 sub-resource (S3's list plus MinIO's extensions). Keys not listed
 * here are request parameters.
 */
export const SUBRESOURCES: ReadonlySet<string> = new Set([
  'accelerate',
  'acl',
  'analytics',
  'attributes',
  'cors',
  'delete',
  'encryption',
  'events',
  'intelligent-tiering',
  'inventory',
  'legal-hold',
  'lifecycle',
  'location',
  'logging',
  'metrics',
  'notification',
  'object-lock',
  'ownershipControls',
  'policy',
  'policyStatus',
  'publicAccessBlock',
  'replication',
  'replication-check',
  'replication-metrics',
  'replication-reset',
  'replication-reset-status',
  'requestPayment',
  'restore',
  'retention',
  'select',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versioning',
  'versions',
  'website',
]);

const hasCopySource = (ctx: RequestContext): boolean => ctx.req.headers['x-amz-copy-source'] !== undefined;
const isMultipartForm = (ctx: RequestContext): boolean =>
  String(ctx.req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data');

/** Shorthand for the many bucket sub-resource rules. */
function sub(
  method: S3Rule['method'],
  key: string,
  operation: string,
  action: string,
  handler: S3Handler,
): S3Rule {
  return { method, level: 'bucket', query: [key], operation, action, handler };
}

/** The table, in match order. */
export const S3_RULES: readonly S3Rule[] = [
  // Service.
  {
    method: 'GET',
    level: 'service',
    plain: true,
    operation: 'ListBuckets',
    action: 's3:ListAllMyBuckets',
    handler: listBuckets,
  },
  {
    method: 'GET',
    level: 'service',
    query: ['events'],
    operation: 'ListenNotification',
    action: 's3:ListenNotification',
    handler: listenNotification,
  },

  // Object level: multipart first (their keys are the most specific), then sub-resources, then plain.
  {
    method: 'PUT',
    level: 'object',
    query: ['partNumber', 'uploadId'],
    when: hasCopySource,
    operation: 'UploadPartCopy',
    action: 's3:PutObject',
    handler: uploadPartCopy,
  },
  {
    method: 'PUT',
    level: 'object',
    query: ['partNumber', 'uploadId'],
    operation: 'UploadPart',
    action: 's3:PutObject',
    handler: uploadPart,
  },
  {
    method: 'PUT',
    level: 'object',
    query: ['tagging'],
    operation: 'PutObjectTagging',
    action: 's3:PutObjectTagging',
    handler: putObjectTagging,
  },
  {
    method: 'PUT',
    level: 'object',
    query: ['acl'],
    operation: 'PutObjectAcl',
    action: 's3:PutObjectAcl',
    handler: putObjectAcl,
  },
  // Object lock (wire doc §5.3).
  {
    method: 'PUT',
    level: 'object',
    query: ['retention'],
    operation: 'PutObjectRetention',
    action: 's3:PutObjectRetention',
    handler: putObjectRetention,
  },
  {
    method: 'GET',
    level: 'object',
    query: ['retention'],
    operation: 'GetObjectRetention',
    action: 's3:GetObjectRetention',
    handler: getObjectRetention,
  },
  {
    method: 'PUT',
    level: 'object',
    query: ['legal-hold'],
    operation: 'PutObjectLegalHold',
    action: 's3:PutObjectLegalHold',
    handler: putObjectLegalHold,
  },
  {
    method: 'GET',
    level: 'object',
    query: ['legal-hold'],
    operation: 'GetObjectLegalHold',
    action: 's3:GetObjectLegalHold',
    handler: getObjectLegalHold,
  },
  {
    method: 'PUT',
    level: 'object',
    plain: true,
    when: hasCopySource,
    operation: 'CopyObject',
    action: 's3:PutObject',
    handler: copyObject,
  },
  {
    method: 'PUT',
    level: 'object',
    plain: true,
    operation: 'PutObject',
    action: 's3:PutObject',
    handler: putObject,
  },
  {
    method: 'GET',
    level: 'object',
    query: ['uploadId'],
    operation: 'ListParts',
    action: 's3:ListMultipartUploadParts',
    handler: listParts,
  },
  {
    method: 'GET',
    level: 'object',
    query: ['tagging'],
    operation: 'GetObjectTagging',
    action: 's3:GetObjectTagging',
    handler: getObjectTagging,
  },
  {
    method: 'GET',
    level: 'object',
    query: ['attributes'],
    operation: 'GetObjectAttributes',
    action: 's3:GetObjectAttributes',
    handler: getObjectAttributes,
  },
  {
    method: 'GET',
    level: 'object',
    query: ['acl'],
    operation: 'GetObjectAcl',
    action: 's3:GetObjectAcl',
    handler: getObjectAcl,
  },
  {
    method: 'GET',
    level: 'object',
    plain: true,
    operation: 'GetObject',
    action: 's3:GetObject',
    handler: getObject,
  },
  {
    method: 'HEAD',
    level: 'object',
    plain: true,
    operation: 'HeadObject',
    action: 's3:GetObject',
    handler: headObject,
  },
  {
    method: 'POST',
    level: 'object',
    query: ['select'],
    operation: 'SelectObjectContent',
    action: 's3:GetObject',
    handler: selectObjectContent,
  },
  {
    method: 'POST',
    level: 'object',
    query: ['restore'],
    operation: 'RestoreObject',
    action: 's3:RestoreObject',
    handler: restoreObject,
  },
  {
    method: 'POST',
    level: 'object',
    query: ['uploads'],
    operation: 'CreateMultipartUpload',
    action: 's3:PutObject',
    handler: createMultipartUpload,
  },
  {
    method: 'POST',
    level: 'object',
    query: ['uploadId'],
    operation: 'CompleteMultipartUpload',
    action: 's3:PutObject',
    handler: completeMultipartUpload,
  },
  {
    method: 'DELETE',
    level: 'object',
    query: ['uploadId'],
    operation: 'AbortMultipartUpload',
    action: 's3:AbortMultipartUpload',
    handler: abortMultipartUpload,
  },
  {
    method: 'DELETE',
    level: 'object',
    query: ['tagging'],
    operation: 'DeleteObjectTagging',
    action: 's3:DeleteObjectTagging',
    handler: deleteObjectTagging,
  },
  {
    method: 'DELETE',
    level: 'object',
    plain: true,
    operation: 'DeleteObject',
    action: 's3:DeleteObject',
    handler: deleteObject,
  },

  // Bucket level: listings.
  {
    method: 'GET',
    level: 'bucket',
    query: ['uploads'],
    operation: 'ListMultipartUploads',
    action: 's3:ListBucketMultipartUploads',
    handler: listMultipartUploads,
  },
  {
    method: 'GET',
    level: 'bucket',
    query: ['versions'],
    operation: 'ListObjectVersions',
    action: 's3:ListBucketVersions',
    handler: listObjectVersions,
  },
  {
    method: 'GET',
    level: 'bucket',
    plain: true,
    queryValues: { 'list-type': '2' },
    operation: 'ListObjectsV2',
    action: 's3:ListBucket',
    handler: listObjectsV2,
  },
  {
    method: 'GET',
    level: 'bucket',
    plain: true,
    operation: 'ListObjectsV1',
    action: 's3:ListBucket',
    handler: listObjectsV1,
  },

  // Bucket level: configuration sub-resources.
  sub('GET', 'location', 'GetBucketLocation', 's3:GetBucketLocation', getBucketLocation),
  sub('GET', 'versioning', 'GetBucketVersioning', 's3:GetBucketVersioning', getBucketVersioning),
  sub('PUT', 'versioning', 'PutBucketVersioning', 's3:PutBucketVersioning', putBucketVersioning),
  sub('GET', 'acl', 'GetBucketAcl', 's3:GetBucketAcl', getBucketAcl),
  sub('PUT', 'acl', 'PutBucketAcl', 's3:PutBucketAcl', putBucketAcl),
  sub('GET', 'policy', 'GetBucketPolicy', 's3:GetBucketPolicy', getBucketPolicy),
  sub('PUT', 'policy', 'PutBucketPolicy', 's3:PutBucketPolicy', putBucketPolicy),
  sub('DELETE', 'policy', 'DeleteBucketPolicy', 's3:DeleteBucketPolicy', deleteBucketPolicy),
  sub('GET', 'policyStatus', 'GetBucketPolicyStatus', 's3:GetBucketPolicyStatus', getBucketPolicyStatus),
  sub(
    'GET',
    'publicAccessBlock',
    'GetPublicAccessBlock',
    's3:GetBucketPublicAccessBlock',
    getPublicAccessBlock,
  ),
  sub(
    'PUT',
    'publicAccessBlock',
    'PutPublicAccessBlock',
    's3:PutBucketPublicAccessBlock',
    putPublicAccessBlock,
  ),
  // AWS checks s3:PutBucketPublicAccessBlock for the removal too.
  sub(
    'DELETE',
    'publicAccessBlock',
    'DeletePublicAccessBlock',
    's3:PutBucketPublicAccessBlock',
    deletePublicAccessBlock,
  ),
  sub('GET', 'cors', 'GetBucketCors', 's3:GetBucketCORS', getBucketCors),
  sub('DELETE', 'cors', 'DeleteBucketCors', 's3:PutBucketCORS', deleteBucketCors),
  sub('GET', 'tagging', 'GetBucketTagging', 's3:GetBucketTagging', getBucketTagging),
  sub('DELETE', 'tagging', 'DeleteBucketTagging', 's3:PutBucketTagging', deleteBucketTagging),
  sub('PUT', 'cors', 'PutBucketCors', 's3:PutBucketCORS', putBucketCors),
  sub('PUT', 'tagging', 'PutBucketTagging', 's3:PutBucketTagging', putBucketTagging),
  sub(
    'GET',
    'ownershipControls',
    'GetBucketOwnershipControls',
    's3:GetBucketOwnershipControls',
    getBucketOwnershipControls,
  ),
  sub(
    'PUT',
    'ownershipControls',
    'PutBucketOwnershipControls',
    's3:PutBucketOwnershipControls',
    putBucketOwnershipControls,
  ),
  sub(
    'DELETE',
    'ownershipControls',
    'DeleteBucketOwnershipControls',
    's3:PutBucketOwnershipControls',
    deleteBucketOwnershipControls,
  ),
  sub('GET', 'encryption', 'GetBucketEncryption', 's3:GetEncryptionConfiguration', getBucketEncryption),
  sub('PUT', 'encryption', 'PutBucketEncryption', 's3:PutEncryptionConfiguration', putBucketEncryption),
  sub(
    'DELETE',
    'encryption',
    'DeleteBucketEncryption',
    's3:PutEncryptionConfiguration',
    deleteBucketEncryption,
  ),
  sub(
    'GET',
    'object-lock',
    'GetObjectLockConfiguration',
    's3:GetBucketObjectLockConfiguration',
    getObjectLockConfiguration,
  ),
  sub(
    'PUT',
    'object-lock',
    'PutObjectLockConfiguration',
    's3:PutBucketObjectLockConfiguration',
    putObjectLockConfiguration,
  ),
  sub('GET', 'lifecycle', 'GetBucketLifecycle', 's3:GetLifecycleConfiguration', getBucketLifecycle),
  sub('DELETE', 'lifecycle', 'DeleteBucketLifecycle', 's3:PutLifecycleConfiguration', deleteBucketLifecycle),
  sub('PUT', 'lifecycle', 'PutBucketLifecycle', 's3:PutLifecycleConfiguration', putBucketLifecycle),
  sub('GET', 'replication', 'GetBucketReplication', 's3:GetReplicationConfiguration', getBucketReplication),
  sub('PUT', 'replication', 'PutBucketReplication', 's3:PutReplicationConfiguration', putBucketReplication),
  sub(
    'GET',
    'replication-metrics',
    'GetBucketReplicationMetrics',
    's3:GetReplicationConfiguration',
    getBucketReplicationMetrics,
  ),
  sub(
    'PUT',
    'replication-reset',
    'ResetBucketReplicationState',
    's3:ResetBucketReplicationState',
    resetBucketReplication,
  ),
  sub(
    'GET',
    'replication-reset-status',
    'GetBucketReplicationResetStatus',
    's3:ResetBucketReplicationState',
    getBucketReplicationResetStatus,
  ),
  sub(
    'DELETE',
    'replication',
    'DeleteBucketReplication',
    's3:PutReplicationConfiguration',
    deleteBucketReplication,
  ),
  sub('GET', 'notification', 'GetBucketNotification', 's3:GetBucketNotification', getBucketNotification),
  sub('PUT', 'notification', 'PutBucketNotification', 's3:PutBucketNotification', putBucketNotification),
  sub('GET', 'events', 'ListenBucketNotification', 's3:ListenBucketNotification', listenNotification),
  sub('GET', 'website', 'GetBucketWebsite', 's3:GetBucketWebsite', getBucketWebsite),
  sub('DELETE', 'website', 'DeleteBucketWebsite', 's3:DeleteBucketWebsite', deleteBucketWebsite),
  sub('GET', 'accelerate', 'GetBucketAccelerate', 's3:GetAccelerateConfiguration', getBucketAccelerate),
  sub(
    'GET',
    'requestPayment',
    'GetBucketRequestPayment',
    's3:GetBucketRequestPayment',
    getBucketRequestPayment,
  ),
  sub('GET', 'logging', 'GetBucketLogging', 's3:GetBucketLogging', getBucketLogging),

  // Bucket level: the bucket itself.
  {
    method: 'HEAD',
    level: 'bucket',
    plain: true,
    operation: 'HeadBucket',
    action: 's3:ListBucket',
    handler: headBucket,
  },
  {
    method: 'PUT',
    level: 'bucket',
    plain: true,
    operation: 'CreateBucket',
    action: 's3:CreateBucket',
    handler: createBucket,
  },
  {
    method: 'DELETE',
    level: 'bucket',
    plain: true,
    operation: 'DeleteBucket',
    action: 's3:DeleteBucket',
    handler: deleteBucket,
  },
  sub('POST', 'delete', 'DeleteObjects', 's3:DeleteObject', deleteObjects),
  {
    method: 'POST',
    level: 'bucket',
    plain: true,
    when: isMultipartForm,
    operation: 'PostObject',
    action: 's3:PutObject',
    handler: postObject,
    authenticates: 'self',
  },
];

function levelOf(ctx: RequestContext): Level {
  if (ctx.target.key !== undefined) return 'object';
  if (ctx.target.bucket !== undefined) return 'bucket';
  return 'service';
}

function namesSubresource(query: URLSearchParams): boolean {
  for (const key of query.keys()) if (SUBRESOURCES.has(key)) return true;
  return false;
}

function matches(rule: S3Rule, ctx: RequestContext, level: Level, plain: boolean): boolean {
  if (rule.method !== ctx.method || rule.level !== level) return false;
  if (rule.plain === true && !plain) return false;
  if (rule.query !== undefined && !rule.query.every((k) => ctx.query.has(k))) return false;
  if (rule.queryValues !== undefined) {
    for (const [k, v] of Object.entries(rule.queryValues)) if (ctx.query.get(k) !== v) return false;
  }
  return rule.when === undefined || rule.when(ctx);
}

/** The S3 operation for a request; NotImplemented / MethodNotAllowed when there is none. */
export function matchS3Route(ctx: RequestContext): S3Route {
  const level = levelOf(ctx);
  const plain = !namesSubresource(ctx.query);
  for (const rule of S3_RULES) {
    if (matches(rule, ctx, level, plain)) return rule;
  }
  if (!plain) throw new NotImplemented(undefined, ctx.target);
  throw new MethodNotAllowed(undefined, ctx.target);
}
