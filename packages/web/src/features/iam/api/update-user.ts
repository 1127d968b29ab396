/**
 * PUT /user?name={accessKey} {status, groups} — sets a user's status and exactly its groups.
 * The detail screen sends the status together with the current groups (spec 2 §4).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { UpdateUserRequest, User } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export interface UpdateUserInput extends UpdateUserRequest {
  name: string;
}

export function updateUser(client: ApiClient, { name, ...body }: UpdateUserInput): Promise<User> {
  return client.call(ENDPOINTS.updateUser, { query: { name }, body });
}

/** `silent`: the caller shows failures itself (a modal); otherwise the error toast does. */
export function useUpdateUser({ silent }: { silent: boolean }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, UpdateUserInput>({
    mutationFn: (input) => updateUser(client, input),
    meta: { silent },
    onSuccess: () => invalidateIam(queryClient),
  });
}
