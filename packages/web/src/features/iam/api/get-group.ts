/** GET /group?name={name} — name, members and status of one group. */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { GROUPS_KEY } from './iam-keys.js';

export function getGroup(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.getGroup, { query: { name }, signal });
}

export function groupQuery(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: [...GROUPS_KEY, 'detail', name] as const,
    queryFn: ({ signal }) => getGroup(client, name, signal),
  });
}

export function useGroup(name: string | null) {
  return useQuery({ ...groupQuery(useApiClient(), name ?? ''), enabled: name !== null });
}
