/**
 * GET /api/v1/buckets/{bucket}/versioning — answer `is_versioned`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

import type { BucketVersioningResponse } from '../../../shared/api/types.js';

export function getBucketVersioning(client: ApiClient, bucket: string, signal?: AbortSignal) {
  return client.request<BucketVersioningResponse>(
    'GET',
    `/buckets/${encodeURIComponent(bucket)}/versioning`,
    {
      signal,
    },
  );
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
