/**
 * GET /buckets/{bucket} — the bucket's details and its access (PRIVATE, PUBLIC or CUSTOM, with the
 * stored policy document when there is one), for the summary's Access Policy card.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

/** The query key of one bucket's details (under the bucket list's key, so list refreshes reach it). */
export const bucketInfoKey = (bucket: string) => ['buckets', bucket, 'info'] as const;

export function getBucketInfo(client: ApiClient, bucket: string, signal?: AbortSignal) {
  return client.call(ENDPOINTS.getBucketInfo, { params: { bucket }, signal });
}

export function bucketInfoQuery(client: ApiClient, bucket: string) {
  return queryOptions({
    queryKey: bucketInfoKey(bucket),
    queryFn: ({ signal }) => getBucketInfo(client, bucket, signal),
  });
}

/** The card says when the access cannot be read (e.g. no right to the bucket policy), so no toast. */
export function useBucketInfo(bucket: string) {
  return useQuery({ ...bucketInfoQuery(useApiClient(), bucket), meta: { silent: true } });
}
