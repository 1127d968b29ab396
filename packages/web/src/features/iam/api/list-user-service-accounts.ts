/** GET /user/service-accounts?name={name} — a user's service accounts (access keys). */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { SERVICE_ACCOUNTS_KEY } from '../../../shared/api/delete-service-account.js';

export function listUserServiceAccounts(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listUserServiceAccounts, { query: { name }, signal });
}

export function userServiceAccountsQuery(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: [...SERVICE_ACCOUNTS_KEY, 'user', name] as const,
    queryFn: ({ signal }) => listUserServiceAccounts(client, name, signal),
  });
}

export function useUserServiceAccounts(name: string) {
  return useQuery(userServiceAccountsQuery(useApiClient(), name));
}
