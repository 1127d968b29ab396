/**
 * GET /session — who is signed in and what they may see: allowed pages, features, operator
 * mode, distributed (erasure-coded) mode. Session data is server state and lives in the query cache.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.js';
import { useApiClient } from '../api/api-client-context.js';
import type { SessionResponse } from '../api/types.js';

export const SESSION_KEY = ['session'] as const;

export function getSession(client: ApiClient, signal?: AbortSignal): Promise<SessionResponse> {
  return client.call(ENDPOINTS.getSession, { signal });
}

export function sessionQuery(client: ApiClient) {
  return queryOptions({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => getSession(client, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSessionQuery() {
  return useQuery({ ...sessionQuery(useApiClient()), meta: { silent: true } });
}
