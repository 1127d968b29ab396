/**
 * Add Pool (spec 3 §7 POST …/pools): the sizes are entered in Gi and sent in bytes (spec 3 §4);
 * a failure only stops the spinner (spec 3 §8), so it is silent here and shown by the dialog.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { tenantKey, TENANTS_KEY } from './tenant-keys.js';
import type { AddPoolRequest, TenantRef } from './types.js';

export function useAddPool(ref: TenantRef) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, AddPoolRequest>({
    mutationFn: (body) =>
      client.call(ENDPOINTS.addTenantPool, { params: { namespace: ref.namespace, tenant: ref.name }, body }),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tenantKey(ref) });
      await queryClient.invalidateQueries({ queryKey: [...TENANTS_KEY, 'list'] });
    },
  });
}
