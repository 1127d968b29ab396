/**
 * Buckets: list, create (with versioning, locking, retention, quota), delete, versioning state.
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  BucketParamsSchema,
  BucketVersioningResponseSchema,
  CreateBucketRequestSchema,
  CreateBucketResponseSchema,
  ListBucketsQuerySchema,
  ListBucketsResponseSchema,
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
} as const satisfies Record<string, RouteContract>;
