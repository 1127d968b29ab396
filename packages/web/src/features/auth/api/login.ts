/**
 * POST /login with access key and secret key; the server answers with the session cookie.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { storeSignedInUser } from '../../../shared/session/signed-in-user.js';
import { setLoggedInFlag } from './logged-in-flag.js';

export interface LoginCredentials {
  accessKey: string;
  secretKey: string;
}

export function login(client: ApiClient, credentials: LoginCredentials): Promise<void> {
  return client.call(ENDPOINTS.login, { body: credentials });
}

export function useLogin(onSuccess: () => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, LoginCredentials>({
    mutationFn: (credentials) => login(client, credentials),
    meta: { skipAuthRedirect: true, silent: true },
    onSuccess: (_result, credentials) => {
      setLoggedInFlag(window.localStorage, true);
      // Spec 2 §2: the users list reads the signed-in user's name from local browser storage.
      storeSignedInUser(window.localStorage, credentials.accessKey);
      // A fresh sign-in: nothing cached from an earlier account may leak into this one.
      queryClient.clear();
      onSuccess();
    },
  });
}
