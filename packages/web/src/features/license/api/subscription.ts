/**
 * The subscription calls (spec 2 §7 "Subscription"): info on load — its failure means no
 * subscription is stored and is ignored silently (spec 2 §8), the page then shows Community —
 * validate from the activation modal, refresh from the Refresh Licence link (errors ignored).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { SubscriptionInfo, SubscriptionValidateRequest } from '@coffer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export const SUBSCRIPTION_KEY = ['subscription-info'] as const;

export function useSubscriptionInfo() {
  const client = useApiClient();
  return useQuery<SubscriptionInfo, ApiError>({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => client.call(ENDPOINTS.getSubscriptionInfo, { signal }),
    retry: false,
    meta: { silent: true },
  });
}

export function useValidateSubscription() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<SubscriptionInfo, ApiError, SubscriptionValidateRequest>({
    mutationFn: (body) => client.call(ENDPOINTS.validateSubscription, { body }),
    onSuccess: (info) => queryClient.setQueryData(SUBSCRIPTION_KEY, info),
    meta: { silent: true },
  });
}

export function useRefreshSubscription() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<SubscriptionInfo, ApiError>({
    mutationFn: () => client.call(ENDPOINTS.refreshSubscription),
    onSuccess: (info) => queryClient.setQueryData(SUBSCRIPTION_KEY, info),
    meta: { silent: true },
  });
}
