/** GET /groups — the groups with members, status and their policies as a comma-separated string. */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { GROUPS_KEY } from './iam-keys.js';

export function listGroups(client: ApiClient, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listGroups, { signal });
}

export function listGroupsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'list'] as const,
    queryFn: ({ signal }) => listGroups(client, signal),
  });
}

export function useGroups(enabled = true) {
  return useQuery({ ...listGroupsQuery(useApiClient()), enabled });
}
