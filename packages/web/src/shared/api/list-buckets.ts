/**
 * GET /api/v1/buckets — the bucket list, read by the buckets screen and the object browser
 * (spec 2 §3: the list may come back null and is then empty).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.js';
import { useApiClient } from './api-client-context.js';
import type { Bucket, BucketList } from './types.js';

export const BUCKETS_KEY = ['buckets'] as const;

export async function listBuckets(client: ApiClient, signal?: AbortSignal): Promise<Bucket[]> {
  const answer = await client.request<BucketList>('GET', '/buckets', { signal });
  return answer.buckets ?? [];
}

export function listBucketsQuery(client: ApiClient) {
  return queryOptions({ queryKey: BUCKETS_KEY, queryFn: ({ signal }) => listBuckets(client, signal) });
}

export function useBuckets() {
  return useQuery(listBucketsQuery(useApiClient()));
}
