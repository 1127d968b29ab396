/**
 * Bucket replication calls (spec 1 §7): the remote's buckets for the wizard's first step, the one
 * request that sets up replication of one or more buckets (the wizard and Set Bucket Replication),
 * and the removal of one rule. Refusals show inside their modals, so none toasts; a change reads
 * the bucket's sections again (the Summary's Replication card, the Replication tab).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type {
  ListExternalBucketsRequest,
  ListExternalBucketsResponse,
  MultiBucketReplicationRequest,
  MultiBucketReplicationResponse,
} from '../../../shared/api/types.js';

export function useListExternalBuckets() {
  const client = useApiClient();
  return useMutation<ListExternalBucketsResponse, ApiError, ListExternalBucketsRequest>({
    mutationFn: (body) => client.call(ENDPOINTS.listExternalBuckets, { body }),
    meta: { silent: true },
  });
}

export function useSetMultiBucketReplication() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<MultiBucketReplicationResponse, ApiError, MultiBucketReplicationRequest>({
    mutationFn: (body) => client.call(ENDPOINTS.setMultiBucketReplication, { body }),
    meta: { silent: true },
    // The list and each bucket's sections are read again (spec 1 §4: the list refreshes).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['buckets'] }),
  });
}

export function useDeleteReplicationRule(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: async (ruleId) => {
      await client.call(ENDPOINTS.deleteReplicationRule, { params: { bucket, ruleId } });
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['buckets', bucket] }),
  });
}
