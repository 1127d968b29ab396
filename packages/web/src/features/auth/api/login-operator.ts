/**
 * POST /login/operator with the service account's JWT (spec 1 §7, operator mode); the server
 * checks it against the cluster and answers with the session cookie. Nothing is stored about who
 * signed in: a JWT names no access key.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { setLoggedInFlag } from './logged-in-flag.js';

export function useOperatorLogin(onSuccess: () => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (jwt) => client.call(ENDPOINTS.loginOperator, { body: { jwt } }),
    meta: { skipAuthRedirect: true, silent: true },
    onSuccess: () => {
      setLoggedInFlag(window.localStorage, true);
      queryClient.clear();
      onSuccess();
    },
  });
}
