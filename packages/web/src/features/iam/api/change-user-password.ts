/** POST /account/change-user-password {selectedUser, newSecretKey} — another user's secret. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { ChangeUserPasswordRequest } from '../../../shared/api/types.js';

export function changeUserPassword(client: ApiClient, request: ChangeUserPasswordRequest): Promise<void> {
  return client.call(ENDPOINTS.changeUserPassword, { body: request });
}

export function useChangeUserPassword() {
  const client = useApiClient();
  return useMutation<void, ApiError, ChangeUserPasswordRequest>({
    mutationFn: (request) => changeUserPassword(client, request),
    meta: { silent: true },
  });
}
