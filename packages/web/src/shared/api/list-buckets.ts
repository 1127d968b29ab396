/**
 * GET /buckets — the bucket list, read by the buckets screen and the object browser. The
 * server pages the list (1000 a page); this reads every page. Sizes come from the storage server's
 * usage report: while it is pending (`usage_pending`) the list is asked for again every few
 * seconds, so sizes fill in without blocking the list (user needs #2).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.js';
import { useApiClient } from './api-client-context.js';
import type { Bucket } from './types.js';

export const BUCKETS_KEY = ['buckets'] as const;
const USAGE_PENDING_REFRESH_MS = 5_000;
/** A safety bound on pages read in one go (1000 buckets each). */
const MAX_PAGES = 100;

export interface BucketListResult {
  buckets: Bucket[];
  usagePending: boolean;
}

export async function listBuckets(client: ApiClient, signal?: AbortSignal): Promise<BucketListResult> {
  const buckets: Bucket[] = [];
  let continuation: string | undefined;
  let usagePending = false;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await client.call(ENDPOINTS.listBuckets, { query: { continuation }, signal });
    // Spec 2 §3: the list may come back null and is then empty.
    buckets.push(...(answer.buckets ?? []));
    usagePending ||= answer.usage_pending === true;
    continuation = answer.continuation;
    if (continuation === undefined || continuation === '') break;
  }
  return { buckets, usagePending };
}

export function listBucketsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: BUCKETS_KEY,
    queryFn: ({ signal }) => listBuckets(client, signal),
    refetchInterval: (query) => (query.state.data?.usagePending === true ? USAGE_PENDING_REFRESH_MS : false),
  });
}

/** The buckets (data is the plain list). */
export function useBuckets() {
  return useQuery({ ...listBucketsQuery(useApiClient()), select: (result) => result.buckets });
}
