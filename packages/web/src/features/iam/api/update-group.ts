/** PUT /group?name={name} {group, members, status} — exactly these members, this status. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { Group, UpdateGroupRequest } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export interface UpdateGroupInput extends UpdateGroupRequest {
  name: string;
}

export function updateGroup(client: ApiClient, { name, ...body }: UpdateGroupInput): Promise<Group> {
  return client.call(ENDPOINTS.updateGroup, { query: { name }, body: { group: name, ...body } });
}

export function useUpdateGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<Group, ApiError, UpdateGroupInput>({
    mutationFn: (input) => updateGroup(client, input),
    meta: { silent: true },
    onSuccess: () => invalidateIam(queryClient),
  });
}
