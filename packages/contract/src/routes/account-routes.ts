/**
 * The signed-in account: its service accounts and its own password (spec 2 §7 Service accounts and account).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  ChangePasswordRequestSchema,
  CreateServiceAccountRequestSchema,
  ServiceAccountCredentialsSchema,
  ServiceAccountParamsSchema,
} from '../account.js';
import { ServiceAccountListSchema } from '../users.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const ACCOUNT_ROUTES = {
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
