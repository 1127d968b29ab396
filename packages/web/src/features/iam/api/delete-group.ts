/** DELETE /group?name={name}. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { GROUPS_KEY, invalidateIam } from './iam-keys.js';

export function deleteGroup(client: ApiClient, name: string): Promise<void> {
  return client.call(ENDPOINTS.deleteGroup, { query: { name } });
}

export function useDeleteGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (name) => deleteGroup(client, name),
    meta: { silent: true },
    onSuccess: (_result, name) => invalidateIam(queryClient, [[...GROUPS_KEY, 'detail', name]]),
  });
}
