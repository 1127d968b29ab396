/**
 * The Lambda Notifications list (spec 3 §3 "Notification target", §7): GET
 * /admin/notification_endpoints — service, account_id, status of each target — and DELETE of one
 * target, after which the list and the ARNs are read again.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { NotificationEndpoint } from '../../../shared/api/types.js';
import { noteRestart } from './restart.js';

export const NOTIFICATION_ENDPOINTS_KEY = ['notification-endpoints'] as const;

export function useNotificationEndpoints() {
  const client = useApiClient();
  return useQuery({
    queryKey: NOTIFICATION_ENDPOINTS_KEY,
    queryFn: ({ signal }) => client.call(ENDPOINTS.listNotificationEndpoints, { signal }),
  });
}

export function useDeleteNotificationEndpoint() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<{ restart: boolean }, ApiError, NotificationEndpoint>({
    mutationFn: ({ service, account_id }) =>
      client.call(ENDPOINTS.deleteNotificationEndpoint, { params: { service, account_id } }),
    meta: { silent: true },
    onSuccess: (answer) => {
      noteRestart(queryClient, answer.restart);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_ENDPOINTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['arns'] });
    },
  });
}
