/** PUT /users-groups-bulk {groups, users} — every chosen user joins every chosen group. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { AddUsersToGroupsRequest } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export function addUsersToGroups(client: ApiClient, request: AddUsersToGroupsRequest): Promise<void> {
  return client.call(ENDPOINTS.addUsersToGroups, { body: request });
}

export function useAddUsersToGroups() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, AddUsersToGroupsRequest>({
    mutationFn: (request) => addUsersToGroups(client, request),
    meta: { silent: true },
    onSuccess: () => invalidateIam(queryClient),
  });
}
