/**
 * Buckets: list, create (with versioning, locking, retention, quota), delete, versioning state, a
 * bucket's details with its access policy, and setting that policy.
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
} as const satisfies Record<string, RouteContract>;
