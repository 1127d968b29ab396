/**
 * POST /user/service-accounts?name={name} {policy} — a service account for another user;
 * the secret key is in this answer only.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { SERVICE_ACCOUNTS_KEY } from '../../../shared/api/delete-service-account.js';
import type { ServiceAccountCredentials } from '../../../shared/api/types.js';

export interface CreateUserServiceAccountInput {
  user: string;
  policy: string | undefined;
}

export function createUserServiceAccount(
  client: ApiClient,
  { user, policy }: CreateUserServiceAccountInput,
): Promise<ServiceAccountCredentials> {
  return client.call(ENDPOINTS.createUserServiceAccount, {
    query: { name: user },
    body: policy === undefined ? {} : { policy },
  });
}

export function useCreateUserServiceAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<ServiceAccountCredentials, ApiError, CreateUserServiceAccountInput>({
    mutationFn: (input) => createUserServiceAccount(client, input),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICE_ACCOUNTS_KEY }),
  });
}
