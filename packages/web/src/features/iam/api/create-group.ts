/** POST /groups {group, members}. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { CreateGroupRequest, Group } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export function createGroup(client: ApiClient, request: CreateGroupRequest): Promise<Group> {
  return client.call(ENDPOINTS.createGroup, { body: request });
}

export function useCreateGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<Group, ApiError, CreateGroupRequest>({
    mutationFn: (request) => createGroup(client, request),
    meta: { silent: true },
    onSuccess: () => invalidateIam(queryClient),
  });
}
