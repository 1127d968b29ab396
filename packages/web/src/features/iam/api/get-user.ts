/** GET /api/v1/user?name={accessKey} — accessKey, memberOf, policy and status of one user. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { User } from '../../../shared/api/types.js';
import { USERS_KEY } from './iam-keys.js';

export function getUser(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.request<User>('GET', '/user', { query: { name }, signal });
}

export function userQuery(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'detail', name] as const,
    queryFn: ({ signal }) => getUser(client, name, signal),
  });
}

export function useUser(name: string) {
  return useQuery(userQuery(useApiClient(), name));
}
