/** DELETE /user?name={accessKey}. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { USERS_KEY, invalidateIam } from './iam-keys.js';

export function deleteUser(client: ApiClient, name: string): Promise<void> {
  return client.call(ENDPOINTS.deleteUser, { query: { name } });
}

export function useDeleteUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (name) => deleteUser(client, name),
    meta: { silent: true },
    onSuccess: (_result, name) => invalidateIam(queryClient, [[...USERS_KEY, 'detail', name]]),
  });
}
