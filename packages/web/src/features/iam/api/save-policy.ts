/**
 * POST /policies {name, policy} — creates a policy or replaces its document (spec 2 §7). The
 * document travels as the JSON text typed.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { Policy, SavePolicyRequest } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export function savePolicy(client: ApiClient, request: SavePolicyRequest): Promise<Policy> {
  return client.call(ENDPOINTS.savePolicy, { body: request });
}

export function useSavePolicy() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<Policy, ApiError, SavePolicyRequest>({
    mutationFn: (request) => savePolicy(client, request),
    // The modal or the details tab shows the refusal itself.
    meta: { silent: true },
    onSuccess: () => invalidateIam(queryClient),
  });
}
