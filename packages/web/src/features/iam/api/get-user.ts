/** GET /user?name={accessKey} — accessKey, memberOf, policy and status of one user. */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { USERS_KEY } from './iam-keys.js';

export function getUser(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.getUser, { query: { name }, signal });
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
