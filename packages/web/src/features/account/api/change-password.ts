/**
 * POST /account/change-password {current_secret_key, new_secret_key} — the signed-in
 * account's own password. The server renews the session cookie on success.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { ChangePasswordRequest } from '../../../shared/api/types.js';

export function changePassword(client: ApiClient, request: ChangePasswordRequest): Promise<void> {
  return client.call(ENDPOINTS.changePassword, { body: request });
}

export function useChangePassword() {
  const client = useApiClient();
  return useMutation<void, ApiError, ChangePasswordRequest>({
    mutationFn: (request) => changePassword(client, request),
    meta: { silent: true },
  });
}
