/** GET /service-accounts — the signed-in account's service accounts (access keys, sorted). */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { SERVICE_ACCOUNTS_KEY } from '../../../shared/api/delete-service-account.js';

export function listServiceAccounts(client: ApiClient, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listServiceAccounts, { signal });
}

export function serviceAccountsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: [...SERVICE_ACCOUNTS_KEY, 'own'] as const,
    queryFn: ({ signal }) => listServiceAccounts(client, signal),
  });
}

export function useServiceAccounts() {
  return useQuery(serviceAccountsQuery(useApiClient()));
}
