/**
 * Objects: a bucket's listing, deletes, downloads and streamed uploads (spec 2 §7).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { BucketParamsSchema } from '../buckets.js';
import { DeleteOutcomeSchema } from '../errors.js';
import {
  DeleteObjectQuerySchema,
  DeleteObjectsRequestSchema,
  DownloadObjectQuerySchema,
  ListObjectsQuerySchema,
  ListObjectsResponseSchema,
  UploadObjectsQuerySchema,
  UploadObjectsResponseSchema,
} from '../objects.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const OBJECT_ROUTES = {
  listObjects: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/objects`,
    summary: 'List a folder (paged), its versions, or search its subtree by name',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: ListObjectsQuerySchema,
    response: { 200: ListObjectsResponseSchema, ...errors },
  },
  deleteObject: {
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/objects`,
    summary: 'Delete an object, a version, or (recursive) everything under a prefix',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: DeleteObjectQuerySchema,
    response: { 200: DeleteOutcomeSchema, ...errors },
  },
  deleteObjects: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/delete-objects`,
    summary: 'Delete several objects, versions or folders',
    tags: ['objects'],
    params: BucketParamsSchema,
    body: DeleteObjectsRequestSchema,
    response: { 200: DeleteOutcomeSchema, ...errors },
  },
  downloadObject: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/objects/download`,
    summary: 'Download an object (streamed; Range supported)',
    description:
      'Answers the object bytes with Content-Disposition: attachment (RFC 5987 filename), Content-Length, ETag and Last-Modified.',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: DownloadObjectQuerySchema,
    response: { ...errors },
  },
  uploadObjects: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/objects/upload`,
    summary: 'Upload files (multipart/form-data, one part per file), streamed to the storage server',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: UploadObjectsQuerySchema,
    consumes: ['multipart/form-data'],
    response: { 200: UploadObjectsResponseSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
