/**
 * The tenant's License tab: whether the console holds subscription info (a failure is silent,
 * spec 3 §8) and attaching it to the tenant (POST …/activate, empty body).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { tenantKey } from './tenant-keys.js';
import type { TenantRef } from './types.js';

export function useHasSubscription() {
  const client = useApiClient();
  return useQuery<boolean, ApiError>({
    queryKey: ['subscription-info', 'tenants'],
    queryFn: async ({ signal }) => {
      await client.call(ENDPOINTS.getSubscriptionInfo, { signal });
      return true;
    },
    retry: false,
    meta: { silent: true },
  });
}

export function useAttachLicense(ref: TenantRef) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, void>({
    mutationFn: () =>
      client.call(ENDPOINTS.activateTenantSubscription, {
        params: { namespace: ref.namespace, tenant: ref.name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKey(ref) }),
  });
}
