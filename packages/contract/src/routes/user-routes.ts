/**
 * IAM users: list, create, read, update, delete, their service accounts and passwords, group membership in bulk, and the Access Audit by user (spec 2 §7 Users and groups).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { CreateServiceAccountRequestSchema, ServiceAccountCredentialsSchema } from '../account.js';
import { BucketParamsSchema } from '../buckets.js';
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
} from '../users.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const USER_ROUTES = {
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
} as const satisfies Record<string, RouteContract>;
