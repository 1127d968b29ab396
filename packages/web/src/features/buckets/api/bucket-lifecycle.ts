/**
 * A bucket's lifecycle (spec 1 §7): the rules, a new rule, a rule's status and tags; and the
 * tiers a transition may name (GET /admin/tiers). List load errors are only logged and tier load
 * errors ignored (spec 1 §8), so neither toasts; the changes' refusals show inside their modals.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type {
  AddLifecycleRuleRequest,
  BucketLifecycleResponse,
  UpdateLifecycleRuleRequest,
} from '../../../shared/api/types.js';

const lifecycleKey = (bucket: string) => ['buckets', bucket, 'lifecycle'] as const;

export function useBucketLifecycle(bucket: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: lifecycleKey(bucket),
    queryFn: ({ signal }) => client.call(ENDPOINTS.getBucketLifecycle, { params: { bucket }, signal }),
    meta: { silent: true },
  });
}

/** The tier names a transition may use ("a type and the name under that type", spec 1 §3). */
export function useTierNames(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['tiers'] as const,
    queryFn: ({ signal }) => client.call(ENDPOINTS.listTiers, { signal }),
    select: (answer) =>
      answer.items
        .map((item) => item[item.type]?.name ?? '')
        .filter((name) => name !== '')
        .sort(),
    enabled,
    meta: { silent: true },
  });
}

export function useAddLifecycleRule(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<BucketLifecycleResponse, ApiError, AddLifecycleRuleRequest>({
    mutationFn: (body) => client.call(ENDPOINTS.addBucketLifecycleRule, { params: { bucket }, body }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(lifecycleKey(bucket), answer),
  });
}

export function useUpdateLifecycleRule(bucket: string, ruleId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<BucketLifecycleResponse, ApiError, UpdateLifecycleRuleRequest>({
    mutationFn: (body) =>
      client.call(ENDPOINTS.updateBucketLifecycleRule, { params: { bucket, ruleId }, body }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(lifecycleKey(bucket), answer),
  });
}
