/**
 * A bucket's event subscriptions (spec 1 §2 Events tab, §3 "Event subscription", §7): GET the
 * rules, POST a new one (ignoreExisting true, as the spec's call says), DELETE one by its ARN with
 * its events, prefix and suffix; and GET /admin/arns, the targets a rule may send to. Refusals of
 * the changes show inside their modals, so those do not toast.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { BucketEvent, BucketEventType } from '../../../shared/api/types.js';

const eventsKey = (bucket: string) => ['buckets', bucket, 'events'] as const;

export function useBucketEvents(bucket: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: eventsKey(bucket),
    queryFn: ({ signal }) => client.call(ENDPOINTS.listBucketEvents, { params: { bucket }, signal }),
  });
}

/** The ARNs of the notification targets, for the Subscribe To Event modal. */
export function useArns(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['arns'] as const,
    queryFn: ({ signal }) => client.call(ENDPOINTS.listArns, { signal }),
    enabled,
    meta: { silent: true },
  });
}

export interface EventSubscription {
  arn: string;
  events: BucketEventType[];
  prefix: string;
  suffix: string;
}

export function useSubscribeBucketEvent(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, EventSubscription>({
    mutationFn: async (configuration) => {
      await client.call(ENDPOINTS.subscribeBucketEvent, {
        params: { bucket },
        body: { configuration, ignoreExisting: true },
      });
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey(bucket) }),
  });
}

export function useDeleteBucketEvent(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, BucketEvent>({
    mutationFn: async ({ arn, events, prefix, suffix }) => {
      await client.call(ENDPOINTS.deleteBucketEvent, {
        params: { bucket, arn },
        body: { events, prefix, suffix },
      });
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKey(bucket) }),
  });
}
