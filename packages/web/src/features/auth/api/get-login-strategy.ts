/**
 * GET /login — which sign-in strategy the server offers (form, redirect, service-account)
 * and, for SSO, where to send the browser. A failure here is the "backend unreachable" state of the
 * login screen, so it neither redirects nor raises a toast.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { LoginDetails } from '../../../shared/api/types.js';

export function getLoginStrategy(client: ApiClient, signal?: AbortSignal): Promise<LoginDetails> {
  return client.call(ENDPOINTS.getLoginStrategy, { signal });
}

export function loginStrategyQuery(client: ApiClient) {
  return queryOptions({
    queryKey: ['login-strategy'] as const,
    queryFn: ({ signal }) => getLoginStrategy(client, signal),
    retry: false,
    staleTime: 0,
    meta: { skipAuthRedirect: true, silent: true },
  });
}

export function useLoginStrategy() {
  return useQuery(loginStrategyQuery(useApiClient()));
}
