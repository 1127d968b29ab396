/** GET /bucket-policy/{bucket} — Access Audit: the policies that reach the bucket. */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function listBucketPolicies(client: ApiClient, bucket: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listBucketPolicies, { params: { bucket }, signal });
}

export function bucketPoliciesQuery(client: ApiClient, bucket: string) {
  return queryOptions({
    queryKey: ['buckets', bucket, 'access', 'policies'] as const,
    queryFn: ({ signal }) => listBucketPolicies(client, bucket, signal),
  });
}

export function useBucketPolicies(bucket: string) {
  return useQuery(bucketPoliciesQuery(useApiClient(), bucket));
}
