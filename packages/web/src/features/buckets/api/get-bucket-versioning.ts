/**
 * GET /buckets/{bucket}/versioning — answer `is_versioned`.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function getBucketVersioning(client: ApiClient, bucket: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.getBucketVersioning, { params: { bucket }, signal });
}

export function bucketVersioningQuery(client: ApiClient, bucket: string) {
  return queryOptions({
    queryKey: ['buckets', bucket, 'versioning'] as const,
    queryFn: ({ signal }) => getBucketVersioning(client, bucket, signal),
  });
}

export function useBucketVersioning(bucket: string, enabled: boolean) {
  return useQuery({ ...bucketVersioningQuery(useApiClient(), bucket), enabled });
}
