/** GET /api/v1/groups — the groups with members, status and their policies as a comma-separated string. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { ListGroupsResponse } from '../../../shared/api/types.js';
import { GROUPS_KEY } from './iam-keys.js';

export function listGroups(client: ApiClient, signal?: AbortSignal) {
  return client.request<ListGroupsResponse>('GET', '/groups', { signal });
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
