/** `POST /namespace {name}` (spec 3 §7): the Name Tenant step's 'Create new namespace' dialog. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { namespaceTenantsKey } from './list-namespace-tenants.js';
import { storageQuotaKey } from './get-resource-quota.js';

export function useCreateNamespace() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: async (name) => {
      await client.call(ENDPOINTS.createNamespace, { body: { name } });
    },
    // The dialog shows the refusal itself.
    meta: { silent: true },
    // The namespace now exists: look at it again (tenants, then its storage classes).
    onSuccess: (_answer, name) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: namespaceTenantsKey(name) }),
        queryClient.invalidateQueries({ queryKey: storageQuotaKey(name) }),
      ]),
  });
}
