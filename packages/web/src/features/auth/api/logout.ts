/**
 * POST /logout. Whatever the answer, the browser forgets the sign-in and goes to /login
 * (spec 1 §2); the server revokes the session so the old cookie stops working.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { storeSignedInUser } from '../../../shared/session/signed-in-user.js';
import { setLoggedInFlag } from './logged-in-flag.js';

export function logout(client: ApiClient): Promise<void> {
  return client.call(ENDPOINTS.logout);
}

export function useLogout() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout(client),
    meta: { skipAuthRedirect: true, silent: true },
    onSettled: () => {
      setLoggedInFlag(window.localStorage, false);
      storeSignedInUser(window.localStorage, null);
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}
