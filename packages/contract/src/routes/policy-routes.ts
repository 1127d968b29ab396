/**
 * IAM policies: list, save, read, delete, attach, and the Access Audit by policy (spec 2 §7 Policies).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { BucketParamsSchema } from '../buckets.js';
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
} from '../policies.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const POLICY_ROUTES = {
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
} as const satisfies Record<string, RouteContract>;
