/** GET /policies/{name}/users — the users the policy is attached to (Users tab). */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { POLICIES_KEY } from './iam-keys.js';

export function listPolicyUsers(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listPolicyUsers, { params: { name }, signal });
}

export function policyUsersQuery(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: [...POLICIES_KEY, 'detail', name, 'users'] as const,
    queryFn: ({ signal }) => listPolicyUsers(client, name, signal),
  });
}

export function usePolicyUsers(name: string, enabled = true) {
  return useQuery({ ...policyUsersQuery(useApiClient(), name), enabled });
}
