/** GET /users — the users, sorted by access key (spec 2 §7). */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { USERS_KEY } from './iam-keys.js';

export function listUsers(client: ApiClient, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listUsers, { signal });
}

export function listUsersQuery(client: ApiClient) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'list'] as const,
    queryFn: ({ signal }) => listUsers(client, signal),
  });
}

export function useUsers(enabled = true) {
  return useQuery({ ...listUsersQuery(useApiClient()), enabled });
}
