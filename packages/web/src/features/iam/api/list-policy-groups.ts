/** GET /policies/{name}/groups — the groups the policy is attached to (Groups tab). */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { POLICIES_KEY } from './iam-keys.js';

export function listPolicyGroups(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listPolicyGroups, { params: { name }, signal });
}

export function policyGroupsQuery(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: [...POLICIES_KEY, 'detail', name, 'groups'] as const,
    queryFn: ({ signal }) => listPolicyGroups(client, name, signal),
  });
}

export function usePolicyGroups(name: string, enabled = true) {
  return useQuery({ ...policyGroupsQuery(useApiClient(), name), enabled });
}
