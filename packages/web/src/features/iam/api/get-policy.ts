/** GET /policy?name={name} — one policy and its document. */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { POLICIES_KEY } from './iam-keys.js';

export function getPolicy(client: ApiClient, name: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.getPolicy, { query: { name }, signal });
}

export function policyQuery(client: ApiClient, name: string) {
  return queryOptions({
    queryKey: [...POLICIES_KEY, 'detail', name] as const,
    queryFn: ({ signal }) => getPolicy(client, name, signal),
  });
}

export function usePolicy(name: string) {
  return useQuery(policyQuery(useApiClient(), name));
}
