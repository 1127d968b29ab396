/**
 * GET /policies — the policies, sorted by name; `limit` 1000 for the assignment dialogs
 * (spec 2 §7, §9).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { POLICIES_KEY } from './iam-keys.js';

/** Spec 2 §9: the policy list used for assignment asks for at most 1000. */
export const ASSIGNMENT_POLICY_LIMIT = 1000;

export function listPolicies(client: ApiClient, limit?: number, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listPolicies, { query: { limit }, signal });
}

export function listPoliciesQuery(client: ApiClient, limit?: number) {
  return queryOptions({
    queryKey: [...POLICIES_KEY, 'list', limit ?? null] as const,
    queryFn: ({ signal }) => listPolicies(client, limit, signal),
  });
}

export function usePolicies(limit?: number, enabled = true) {
  return useQuery({ ...listPoliciesQuery(useApiClient(), limit), enabled });
}
