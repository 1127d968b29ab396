/** GET /bucket-users/{bucket} — Access Audit: the users that can reach the bucket. */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function listBucketUsers(client: ApiClient, bucket: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.listBucketUsers, { params: { bucket }, signal });
}

export function bucketUsersQuery(client: ApiClient, bucket: string) {
  return queryOptions({
    queryKey: ['buckets', bucket, 'access', 'users'] as const,
    queryFn: ({ signal }) => listBucketUsers(client, bucket, signal),
  });
}

export function useBucketUsers(bucket: string, enabled: boolean) {
  return useQuery({ ...bucketUsersQuery(useApiClient(), bucket), enabled });
}
