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
import {
  ChangePasswordRequestSchema,
  CreateServiceAccountRequestSchema,
  ServiceAccountCredentialsSchema,
  ServiceAccountParamsSchema,
} from './account.js';
import { DeleteOutcomeSchema, ErrorResponseSchema } from './errors.js';
import {
  CreateGroupRequestSchema,
  GroupNameQuerySchema,
  GroupSchema,
  ListGroupsResponseSchema,
  UpdateGroupRequestSchema,
} from './groups.js';
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
  BucketPoliciesResponseSchema,
  ListPoliciesQuerySchema,
  ListPoliciesResponseSchema,
  PolicyEntityNamesSchema,
  PolicyNameQuerySchema,
  PolicyParamsSchema,
  PolicySchema,
  SavePolicyRequestSchema,
  SetPolicyParamsSchema,
  SetPolicyRequestSchema,
} from './policies.js';
import {
  HasPermissionRequestSchema,
  HasPermissionResponseSchema,
  LoginRequestSchema,
  LoginStrategyResponseSchema,
  OAuth2AuthRequestSchema,
  OAuth2AuthResponseSchema,
  SessionResponseSchema,
} from './session.js';
import {
  AddUsersToGroupsRequestSchema,
  BucketUsersResponseSchema,
  ChangeUserPasswordRequestSchema,
  CreateUserRequestSchema,
  ListUsersResponseSchema,
  ServiceAccountListSchema,
  UpdateUserRequestSchema,
  UserNameQuerySchema,
  UserSchema,
} from './users.js';

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

  // --- IAM: policies (spec 2 §7 Policies) ---
  listPolicies: {
    method: 'GET',
    path: `${API_PREFIX}/policies`,
    summary: 'List IAM policies, sorted by name',
    tags: ['policies'],
    querystring: ListPoliciesQuerySchema,
    response: { 200: ListPoliciesResponseSchema, ...errors },
  },
  savePolicy: {
    method: 'POST',
    path: `${API_PREFIX}/policies`,
    summary: 'Create a policy, or replace the document of an existing one',
    description:
      "The document is passed to the storage server as typed; a malformed one is refused with the server's message in detailedMessage.",
    tags: ['policies'],
    body: SavePolicyRequestSchema,
    response: { 200: PolicySchema, ...errors },
  },
  getPolicy: {
    method: 'GET',
    path: `${API_PREFIX}/policy`,
    summary: 'A policy and its document',
    tags: ['policies'],
    querystring: PolicyNameQuerySchema,
    response: { 200: PolicySchema, ...errors },
  },
  deletePolicy: {
    method: 'DELETE',
    path: `${API_PREFIX}/policy`,
    summary: 'Delete a policy (refused while it is attached)',
    tags: ['policies'],
    querystring: PolicyNameQuerySchema,
    response: { 204: noContent, ...errors },
  },
  listPolicyUsers: {
    method: 'GET',
    path: `${API_PREFIX}/policies/:name/users`,
    summary: 'Users the policy is attached to, sorted',
    tags: ['policies'],
    params: PolicyParamsSchema,
    response: { 200: PolicyEntityNamesSchema, ...errors },
  },
  listPolicyGroups: {
    method: 'GET',
    path: `${API_PREFIX}/policies/:name/groups`,
    summary: 'Groups the policy is attached to, sorted',
    tags: ['policies'],
    params: PolicyParamsSchema,
    response: { 200: PolicyEntityNamesSchema, ...errors },
  },
  setPolicy: {
    method: 'PUT',
    path: `${API_PREFIX}/set-policy/:policyNames`,
    summary: 'Give a user or group exactly these policies (comma-separated; replaces its current ones)',
    tags: ['policies'],
    params: SetPolicyParamsSchema,
    body: SetPolicyRequestSchema,
    response: { 204: noContent, ...errors },
  },
  listBucketPolicies: {
    method: 'GET',
    path: `${API_PREFIX}/bucket-policy/:bucket`,
    summary: 'Access Audit: the policies that grant access to a bucket',
    tags: ['policies', 'buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketPoliciesResponseSchema, ...errors },
  },

  // --- IAM: users (spec 2 §7 Users and groups) ---
  listUsers: {
    method: 'GET',
    path: `${API_PREFIX}/users`,
    summary: 'List users, sorted by access key',
    tags: ['users'],
    response: { 200: ListUsersResponseSchema, ...errors },
  },
  createUser: {
    method: 'POST',
    path: `${API_PREFIX}/users`,
    summary: 'Create a user (enabled) in the given groups, with the given policies',
    tags: ['users'],
    body: CreateUserRequestSchema,
    response: { 201: UserSchema, ...errors },
  },
  getUser: {
    method: 'GET',
    path: `${API_PREFIX}/user`,
    summary: 'A user: status, groups and policies',
    tags: ['users'],
    querystring: UserNameQuerySchema,
    response: { 200: UserSchema, ...errors },
  },
  updateUser: {
    method: 'PUT',
    path: `${API_PREFIX}/user`,
    summary: "Set a user's status and/or its groups (exactly the given ones)",
    tags: ['users'],
    querystring: UserNameQuerySchema,
    body: UpdateUserRequestSchema,
    response: { 200: UserSchema, ...errors },
  },
  deleteUser: {
    method: 'DELETE',
    path: `${API_PREFIX}/user`,
    summary: 'Delete a user',
    tags: ['users'],
    querystring: UserNameQuerySchema,
    response: { 204: noContent, ...errors },
  },
  listUserServiceAccounts: {
    method: 'GET',
    path: `${API_PREFIX}/user/service-accounts`,
    summary: "Access keys of a user's service accounts, sorted",
    tags: ['users', 'service-accounts'],
    querystring: UserNameQuerySchema,
    response: { 200: ServiceAccountListSchema, ...errors },
  },
  createUserServiceAccount: {
    method: 'POST',
    path: `${API_PREFIX}/user/service-accounts`,
    summary: 'Create a service account for another user; the secret is in this answer only',
    tags: ['users', 'service-accounts'],
    querystring: UserNameQuerySchema,
    body: CreateServiceAccountRequestSchema,
    response: { 201: ServiceAccountCredentialsSchema, ...errors },
  },
  changeUserPassword: {
    method: 'POST',
    path: `${API_PREFIX}/account/change-user-password`,
    summary: "Set another user's secret key (its status, groups and policies are kept)",
    tags: ['users'],
    body: ChangeUserPasswordRequestSchema,
    response: { 204: noContent, ...errors },
  },
  addUsersToGroups: {
    method: 'PUT',
    path: `${API_PREFIX}/users-groups-bulk`,
    summary: 'Add every given user to every given group',
    tags: ['users', 'groups'],
    body: AddUsersToGroupsRequestSchema,
    response: { 204: noContent, ...errors },
  },
  listBucketUsers: {
    method: 'GET',
    path: `${API_PREFIX}/bucket-users/:bucket`,
    summary: 'Access Audit: the enabled users whose effective policy grants access to a bucket',
    description:
      "Evaluated on the console server from each user's own and group policies with the policy code the engine uses.",
    tags: ['users', 'buckets'],
    params: BucketParamsSchema,
    response: { 200: BucketUsersResponseSchema, ...errors },
  },

  // --- IAM: groups ---
  listGroups: {
    method: 'GET',
    path: `${API_PREFIX}/groups`,
    summary: 'List groups with their members, status and policies, sorted by name',
    tags: ['groups'],
    response: { 200: ListGroupsResponseSchema, ...errors },
  },
  createGroup: {
    method: 'POST',
    path: `${API_PREFIX}/groups`,
    summary: 'Create a group with members (refused if it exists)',
    tags: ['groups'],
    body: CreateGroupRequestSchema,
    response: { 201: GroupSchema, ...errors },
  },
  getGroup: {
    method: 'GET',
    path: `${API_PREFIX}/group`,
    summary: 'A group: members, status, policies',
    tags: ['groups'],
    querystring: GroupNameQuerySchema,
    response: { 200: GroupSchema, ...errors },
  },
  updateGroup: {
    method: 'PUT',
    path: `${API_PREFIX}/group`,
    summary: "Set a group's members (exactly the given ones) and status",
    tags: ['groups'],
    querystring: GroupNameQuerySchema,
    body: UpdateGroupRequestSchema,
    response: { 200: GroupSchema, ...errors },
  },
  deleteGroup: {
    method: 'DELETE',
    path: `${API_PREFIX}/group`,
    summary: 'Delete a group (its members are removed from it first)',
    tags: ['groups'],
    querystring: GroupNameQuerySchema,
    response: { 204: noContent, ...errors },
  },

  // --- The account: service accounts and password (spec 2 §7 Service accounts and account) ---
  createServiceAccount: {
    method: 'POST',
    path: `${API_PREFIX}/service-accounts`,
    summary: 'Create a service account for the signed-in account; the secret is in this answer only',
    tags: ['service-accounts'],
    body: CreateServiceAccountRequestSchema,
    response: { 201: ServiceAccountCredentialsSchema, ...errors },
  },
  listServiceAccounts: {
    method: 'GET',
    path: `${API_PREFIX}/service-accounts`,
    summary: "Access keys of the signed-in account's service accounts, sorted",
    tags: ['service-accounts'],
    response: { 200: ServiceAccountListSchema, ...errors },
  },
  deleteServiceAccount: {
    method: 'DELETE',
    path: `${API_PREFIX}/service-accounts/:key`,
    summary: 'Delete a service account',
    tags: ['service-accounts'],
    params: ServiceAccountParamsSchema,
    response: { 204: noContent, ...errors },
  },
  changePassword: {
    method: 'POST',
    path: `${API_PREFIX}/account/change-password`,
    summary: "Change the signed-in user's own secret key",
    description:
      'The storage server checks the current secret. On success the session is renewed with the new secret: the answer sets a new `token` cookie and the previous session ends.',
    tags: ['account'],
    body: ChangePasswordRequestSchema,
    response: { 204: noContent, ...errors },
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
