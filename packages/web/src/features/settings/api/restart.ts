/**
 * The restart the configuration changes may need (spec 3 §2 "Restart banner", §4, §7 Restart):
 * GET /service/restart says whether the storage server waits for one (the console server remembers
 * it, so a reload still shows the banner); a save answered `restart: true` sets the same flag here at
 * once; POST /service/restart restarts the server, and its success clears the flag. A failed restart
 * is only logged (spec 3 §8), so neither call toasts.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { RestartState } from '../../../shared/api/types.js';

export const RESTART_KEY = ['service', 'restart'] as const;

/** Whether the server waits for a restart; asked only where the session may open Settings. */
export function useRestartState(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: RESTART_KEY,
    queryFn: ({ signal }) => client.call(ENDPOINTS.getRestartState, { signal }),
    enabled,
    meta: { silent: true },
  });
}

/** After a change: the banner shows at once when the server said a restart is needed. */
export function noteRestart(queryClient: QueryClient, restart: boolean): void {
  if (restart) queryClient.setQueryData<RestartState>(RESTART_KEY, { restart_required: true });
}

export function useRestartService() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationFn: async () => {
      await client.call(ENDPOINTS.restartService, { body: {} });
    },
    meta: { silent: true },
    onSuccess: () => {
      queryClient.setQueryData<RestartState>(RESTART_KEY, { restart_required: false });
      // The restarted server runs the new targets: their states and ARNs are read afresh.
      for (const queryKey of [['configs'], ['notification-endpoints'], ['arns']])
        void queryClient.invalidateQueries({ queryKey });
    },
    // Spec 3 §8: a failed restart is only logged; the banner stays so it can be tried again.
    onError: (error) => console.error('Restart failed:', error.message),
  });
}
