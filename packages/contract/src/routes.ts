/**
 * Every console API call in one table: method, path (Fastify syntax, `:param`), whether it needs a
 * session, and the zod schemas of its params, query, body and answers. The server registers its
 * routes from these entries (so validation, serialisation and the OpenAPI document all come from
 * here); the web app builds its fetchers from the same entries and types.
 */
import { z } from 'zod';
import {
  BucketParamsSchema,
  BucketVersioningResponseSchema,
  CreateBucketRequestSchema,
  CreateBucketResponseSchema,
  ListBucketsQuerySchema,
  ListBucketsResponseSchema,
} from './buckets.js';
import { DeleteOutcomeSchema, ErrorResponseSchema } from './errors.js';
import {
  DeleteObjectQuerySchema,
  DeleteObjectsRequestSchema,
  DownloadObjectQuerySchema,
  ListObjectsQuerySchema,
  ListObjectsResponseSchema,
  UploadObjectsQuerySchema,
  UploadObjectsResponseSchema,
} from './objects.js';
import {
  HasPermissionRequestSchema,
  HasPermissionResponseSchema,
  LoginRequestSchema,
  LoginStrategyResponseSchema,
  OAuth2AuthRequestSchema,
  OAuth2AuthResponseSchema,
  SessionResponseSchema,
} from './session.js';

/** The API's base path (below the console's optional sub-path). */
export const API_PREFIX = '/api/v1';

export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below the console's base path, e.g. `/api/v1/buckets/:bucket`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Callable without a session (login and the API description). */
  public?: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Request content types other than JSON (multipart uploads). */
  consumes?: readonly string[];
  response: Record<number | '4xx' | '5xx', z.ZodType>;
}

const errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema } as const;
const noContent = z.null().describe('No content');

export const API = {
  getLoginStrategy: {
    method: 'GET',
    path: `${API_PREFIX}/login`,
    summary: 'How to sign in: the login form, or a redirect to the identity provider',
    tags: ['session'],
    public: true,
    response: { 200: LoginStrategyResponseSchema, ...errors },
  },
  login: {
    method: 'POST',
    path: `${API_PREFIX}/login`,
    summary: 'Sign in with an access key and secret key; sets the session cookie `token`',
    tags: ['session'],
    public: true,
    body: LoginRequestSchema,
    response: { 204: noContent, ...errors },
  },
  loginOAuth2: {
    method: 'POST',
    path: `${API_PREFIX}/login/oauth2/auth`,
    summary: "Complete single sign-on with the identity provider's code and state",
    description: 'Answers sso_not_configured (501) unless an OpenID provider is configured.',
    tags: ['session'],
    public: true,
    body: OAuth2AuthRequestSchema,
    response: { 200: OAuth2AuthResponseSchema, ...errors },
  },
  getSession: {
    method: 'GET',
    path: `${API_PREFIX}/session`,
    summary: "The signed-in account's session: allowed pages, features, mode",
    tags: ['session'],
    response: { 200: SessionResponseSchema, ...errors },
  },
  logout: {
    method: 'POST',
    path: `${API_PREFIX}/logout`,
    summary: 'Sign out: the session is revoked on the server and the cookie cleared',
    tags: ['session'],
    response: { 204: noContent, ...errors },
  },
  hasPermission: {
    method: 'POST',
    path: `${API_PREFIX}/has-permission`,
    summary: "Evaluate IAM actions against the account's effective policy",
    tags: ['session'],
    body: HasPermissionRequestSchema,
    response: { 200: HasPermissionResponseSchema, ...errors },
  },
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

export type ApiName = keyof typeof API;

/** Fill `:param`s of a route path (URI-encoded) — e.g. for the web's fetchers. */
export function apiPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: missing parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
