/**
 * POST /buckets with the create payload of spec 1 §3: name, versioning, locking, optional
 * quota {enabled, quota_type, amount in bytes}, optional retention {mode, unit, validity}.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';

import type { CreateBucketRequest } from '../../../shared/api/types.js';

export type {
  CreateBucketRequest,
  QuotaType,
  RetentionMode,
  RetentionUnit,
} from '../../../shared/api/types.js';

export function createBucket(client: ApiClient, request: CreateBucketRequest): Promise<unknown> {
  return client.call(ENDPOINTS.createBucket, { body: request });
}

export function useCreateBucket() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, CreateBucketRequest>({
    mutationFn: (request) => createBucket(client, request),
    // The modal shows its own errors (spec 1 §8).
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUCKETS_KEY }),
  });
}
