/**
 * PUT /set-policy/{policyNames} {entityName, entityType} — gives a user or a group exactly
 * these policies, comma-separated in the path (spec 2 §7), replacing the ones it had.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { EntityType } from '../../../shared/api/types.js';
import { invalidateIam } from './iam-keys.js';

export interface SetPolicyInput {
  policies: readonly string[];
  entityName: string;
  entityType: EntityType;
}

export function setPolicy(client: ApiClient, input: SetPolicyInput): Promise<void> {
  return client.call(ENDPOINTS.setPolicy, {
    params: { policyNames: input.policies.join(',') },
    body: { entityName: input.entityName, entityType: input.entityType },
  });
}

export function useSetPolicy() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, SetPolicyInput>({
    mutationFn: (input) => setPolicy(client, input),
    meta: { silent: true },
    onSuccess: () => invalidateIam(queryClient),
  });
}
