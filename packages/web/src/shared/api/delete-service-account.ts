/**
 * DELETE /service-accounts/{key} — removes a service account, the signed-in account's own or
 * (for an administrator) another user's. Every service-account list lives under
 * SERVICE_ACCOUNTS_KEY, so all of them reload afterwards.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.js';
import type { ApiError } from '../../lib/api-error.js';
import { useApiClient } from './api-client-context.js';

/** The prefix of every service-account list's query key. */
export const SERVICE_ACCOUNTS_KEY = ['service-accounts'] as const;

export function deleteServiceAccount(client: ApiClient, accessKey: string): Promise<void> {
  return client.call(ENDPOINTS.deleteServiceAccount, { params: { key: accessKey } });
}

export function useDeleteServiceAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (accessKey) => deleteServiceAccount(client, accessKey),
    // The Delete ServiceAccount dialog shows its own errors.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICE_ACCOUNTS_KEY }),
  });
}
