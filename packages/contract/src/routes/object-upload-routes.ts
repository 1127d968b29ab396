/**
 * Resumable multipart uploads (issue 9 §4; schemas in `../object-uploads.ts`): create, one part
 * per request, list the stored parts, complete, abort. Entries of the console's route table
 * (composed in `../routes.ts`).
 */
import { BucketParamsSchema } from '../buckets.js';
import {
  CompleteMultipartUploadRequestSchema,
  CreateMultipartUploadRequestSchema,
  MultipartUploadQuerySchema,
  MultipartUploadSchema,
  UploadPartQuerySchema,
  UploadPartsResponseSchema,
  UploadedPartSchema,
} from '../object-uploads.js';
import { UploadedObjectSchema } from '../objects.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const OBJECT_UPLOAD_ROUTES = {
  createMultipartUpload: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads`,
    summary: 'Start a resumable multipart upload; answers its id, part size and token',
    tags: ['objects'],
    params: BucketParamsSchema,
    body: CreateMultipartUploadRequestSchema,
    response: { 200: MultipartUploadSchema, ...errors },
  },
  uploadPart: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads/parts`,
    summary: 'Upload one part (application/octet-stream, Content-Length at most the part size)',
    description:
      'The body is streamed to S3 UploadPart as it arrives. A body without Content-Length, or larger than the upload part size, is refused before it is read (400, 413).',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: UploadPartQuerySchema,
    consumes: ['application/octet-stream'],
    response: { 200: UploadedPartSchema, ...errors },
  },
  listUploadParts: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads/parts`,
    summary: 'The parts of an upload already stored (to resume it)',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: MultipartUploadQuerySchema,
    response: { 200: UploadPartsResponseSchema, ...errors },
  },
  completeMultipartUpload: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads/complete`,
    summary: 'Assemble the object from its parts',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: MultipartUploadQuerySchema,
    body: CompleteMultipartUploadRequestSchema,
    response: { 200: UploadedObjectSchema, ...errors },
  },
  abortMultipartUpload: {
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads`,
    summary: 'Cancel an upload and free its stored parts',
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: MultipartUploadQuerySchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
