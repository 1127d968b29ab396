/** A tenant's certificate settings: read and save (spec 3 §7 GET and POST …/security). */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { tenantKey } from './tenant-keys.js';
import type { TenantRef, TenantSecurity, TenantSecurityUpdate } from './types.js';

const params = ({ namespace, name }: TenantRef) => ({ namespace, tenant: name });

export function useTenantSecurity(ref: TenantRef) {
  const client = useApiClient();
  return useQuery<TenantSecurity, ApiError>({
    queryKey: [...tenantKey(ref), 'security'],
    queryFn: ({ signal }) => client.call(ENDPOINTS.getTenantSecurity, { params: params(ref), signal }),
  });
}

export function useSaveTenantSecurity(ref: TenantRef) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TenantSecurityUpdate>({
    mutationFn: (body) => client.call(ENDPOINTS.updateTenantSecurity, { params: params(ref), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKey(ref) }),
  });
}
