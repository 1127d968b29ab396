/**
 * POST /users {accessKey, secretKey, groups, policies} — a new, enabled user in the chosen
 * groups with the chosen policies (spec 2 §7).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { CreateUserRequest, User } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export function createUser(client: ApiClient, request: CreateUserRequest): Promise<User> {
  return client.call(ENDPOINTS.createUser, { body: request });
}

export function useCreateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, CreateUserRequest>({
    mutationFn: (request) => createUser(client, request),
    meta: { silent: true },
    onSuccess: () => invalidateIam(queryClient),
  });
}
