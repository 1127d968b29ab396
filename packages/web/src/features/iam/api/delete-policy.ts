/** DELETE /policy?name={name} — the server refuses a policy that is still attached. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { POLICIES_KEY, invalidateIam } from './iam-keys.js';

export function deletePolicy(client: ApiClient, name: string): Promise<void> {
  return client.call(ENDPOINTS.deletePolicy, { query: { name } });
}

export function useDeletePolicy() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (name) => deletePolicy(client, name),
    meta: { silent: true },
    onSuccess: (_result, name) => invalidateIam(queryClient, [[...POLICIES_KEY, 'detail', name]]),
  });
}
