/**
 * Buckets: list, create (with versioning, locking, retention, quota), delete, versioning state, a
 * bucket's details with its access policy, and setting that policy; the Summary's settings
 * (versioning, quota, default retention, object locking, replication rules).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  BucketDetailsSchema,
  BucketParamsSchema,
  BucketVersioningResponseSchema,
  CreateBucketRequestSchema,
  CreateBucketResponseSchema,
  ListBucketsQuerySchema,
  ListBucketsResponseSchema,
  SetBucketPolicyRequestSchema,
} from '../buckets.js';
import {
  BucketObjectLockingSchema,
  BucketQuotaSchema,
  BucketReplicationSchema,
  BucketRetentionResponseSchema,
  BucketRetentionSchema,
  SetBucketQuotaRequestSchema,
  SetBucketVersioningRequestSchema,
} from '../bucket-settings.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const BUCKET_ROUTES = {
  listBuckets: {
    method: 'GET',
    path: `${API_PREFIX}/buckets`,
    summary: 'List buckets (paged, searchable; sizes when known)',
    tags: ['buckets'],
    querystring: ListBucketsQuerySchema,
    response: { 200: ListBucketsResponseSchema, ...errors },
  },
  createBucket: {
    method: 'POST',
    path: `${API_PREFIX}/buckets`,
    summary: 'Create a bucket with versioning, object locking, default retention and quota',
    description:
      'All or nothing: when a later step (retention, quota) is refused, the new bucket is removed again and the refusal is the answer.',
    tags: ['buckets'],
    body: CreateBucketRequestSchema,
    response: { 201: CreateBucketResponseSchema, ...errors },
  },
  deleteBucket: {
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket`,
    summary: 'Delete an empty bucket',
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 204: noContent, ...errors },
  },
  getBucketVersioning: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/versioning`,
    summary: "A bucket's versioning state",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketVersioningResponseSchema, ...errors },
  },
  getBucketInfo: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket`,
    summary: "A bucket's details and access (PRIVATE, PUBLIC or CUSTOM, read from its bucket policy)",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketDetailsSchema, ...errors },
  },
  setBucketPolicy: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/set-policy`,
    summary: "Set a bucket's access: PRIVATE (no bucket policy), PUBLIC (anonymous read and write) or CUSTOM",
    description:
      'PUBLIC stores the canned read-write policy for the whole bucket; CUSTOM stores `definition` as given, and a document the storage server refuses is answered with its reason.',
    tags: ['buckets'],
    params: BucketParamsSchema,
    body: SetBucketPolicyRequestSchema,
    response: { 200: BucketDetailsSchema, ...errors },
  },
  setBucketVersioning: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/versioning`,
    summary: "Enable or suspend a bucket's versioning",
    description:
      "A bucket with object locking cannot be suspended: the storage server's refusal is the answer (409 with its message).",
    tags: ['buckets'],
    params: BucketParamsSchema,
    body: SetBucketVersioningRequestSchema,
    response: { 200: BucketVersioningResponseSchema, ...errors },
  },
  getBucketQuota: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/quota`,
    summary: "A bucket's quota (admin API get-bucket-quota); `enabled` false when it has none",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketQuotaSchema, ...errors },
  },
  setBucketQuota: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/quota`,
    summary: "Set (hard or fifo, in bytes) or remove a bucket's quota",
    tags: ['buckets'],
    params: BucketParamsSchema,
    body: SetBucketQuotaRequestSchema,
    response: { 200: BucketQuotaSchema, ...errors },
  },
  getBucketRetention: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/retention`,
    summary: "A bucket's default retention; no fields when none is set (or the bucket has no object locking)",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketRetentionResponseSchema, ...errors },
  },
  setBucketRetention: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/retention`,
    summary: "Set a bucket's default retention (PutObjectLockConfiguration)",
    description:
      'Only a bucket created with object locking has a default retention; others are refused (409).',
    tags: ['buckets'],
    params: BucketParamsSchema,
    body: BucketRetentionSchema,
    response: { 200: BucketRetentionResponseSchema, ...errors },
  },
  getBucketObjectLocking: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/object-locking`,
    summary: 'Whether a bucket was created with object locking',
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketObjectLockingSchema, ...errors },
  },
  getBucketReplication: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/replication`,
    summary: "A bucket's replication rules (GetBucketReplication); none without a configuration",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketReplicationSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
