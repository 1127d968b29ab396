/**
 * Remote tiers (spec 3 §7 "Settings"): GET /admin/tiers, POST a new tier, PUT a tier's
 * credentials. A new tier's refusal shows in its form and a credential change's in its modal, so
 * those do not toast; the list is read again after either.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type {
  AddTierRequest,
  ListTiersResponse,
  UpdateTierCredentialsRequest,
} from '../../../shared/api/types.js';

export const TIERS_KEY = ['tiers'] as const;

export function useTiers() {
  const client = useApiClient();
  return useQuery({
    queryKey: TIERS_KEY,
    queryFn: ({ signal }) => client.call(ENDPOINTS.listTiers, { signal }),
  });
}

export function useAddTier() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<ListTiersResponse, ApiError, AddTierRequest>({
    mutationFn: (body) => client.call(ENDPOINTS.addTier, { body }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(TIERS_KEY, answer),
  });
}

export interface TierCredentialsChange {
  type: 's3' | 'gcs' | 'azure' | 'minio';
  name: string;
  body: UpdateTierCredentialsRequest;
}

export function useUpdateTierCredentials() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, TierCredentialsChange>({
    mutationFn: async ({ type, name, body }) => {
      await client.call(ENDPOINTS.updateTierCredentials, { params: { type, name }, body });
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIERS_KEY }),
  });
}
