/**
 * `POST /tenants` (spec 3 §7): create the tenant once. Its failure shows in the wizard and stops
 * the progress (§8), so it does not toast; success makes the tenant lists stale.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { CreateTenantRequestInput, CreateTenantResponse } from '@coffer/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function useCreateTenant() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<CreateTenantResponse, ApiError, CreateTenantRequestInput>({
    mutationFn: (body) => client.call(ENDPOINTS.createTenant, { body }),
    meta: { silent: true },
    // Other features' tenant queries (the list) are read again; their keys start with 'tenants'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenants'] }),
  });
}
