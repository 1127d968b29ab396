/**
 * POST /service-accounts {policy} — a service account of the signed-in account, optionally
 * restricted by a policy; the answer holds the access key and the secret key, shown once.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { SERVICE_ACCOUNTS_KEY } from '../../../shared/api/delete-service-account.js';
import type { ServiceAccountCredentials } from '../../../shared/api/types.js';

export function createServiceAccount(
  client: ApiClient,
  policy: string | undefined,
): Promise<ServiceAccountCredentials> {
  return client.call(ENDPOINTS.createServiceAccount, { body: policy === undefined ? {} : { policy } });
}

export function useCreateServiceAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<ServiceAccountCredentials, ApiError, string | undefined>({
    mutationFn: (policy) => createServiceAccount(client, policy),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICE_ACCOUNTS_KEY }),
  });
}
