/**
 * POST /api/v1/login/operator with a Kubernetes service-account JWT (operator mode).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { storeSignedInUser } from '../../../shared/session/signed-in-user.js';
import { setLoggedInFlag } from './logged-in-flag.js';

export function loginOperator(client: ApiClient, jwt: string): Promise<void> {
  return client.request<void>('POST', '/login/operator', { body: { jwt } });
}

export function useLoginOperator(onSuccess: () => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (jwt) => loginOperator(client, jwt),
    meta: { skipAuthRedirect: true, silent: true },
    onSuccess: () => {
      setLoggedInFlag(window.localStorage, true);
      // No access key with this sign-in: no name to remember (spec 2 §2).
      storeSignedInUser(window.localStorage, null);
      queryClient.clear();
      onSuccess();
    },
  });
}
