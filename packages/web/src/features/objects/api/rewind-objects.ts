/**
 * GET /buckets/{bucket}/rewind/{isoDate}?prefix=&limit=&continuation= — a folder as it was at a
 * date (spec 2 §7), read page by page as the user scrolls, like the normal listing; and whether
 * the bucket is versioned (GET /buckets/{bucket}/versioning), which Rewind needs.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { RewindObject } from '@coffer/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { OBJECT_PAGE_SIZE, objectsKey } from './list-objects.js';

export type { RewindObject };

export function useRewindList(bucket: string, prefix: string, date: string, enabled: boolean) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: [...objectsKey(bucket), 'rewind', date, prefix] as const,
    queryFn: ({ pageParam, signal }) =>
      client.call(ENDPOINTS.rewindObjects, {
        params: { bucket, date },
        query: { prefix, limit: OBJECT_PAGE_SIZE, continuation: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.continuation === '' ? undefined : last.continuation),
    enabled,
    meta: { silent: true },
  });
}

/**
 * Is the bucket versioned? Under the bucket settings' query key `['buckets', bucket,
 * 'versioning']`, so the summary's and the object details' reads share it.
 */
export function useRewindAvailable(bucket: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['buckets', bucket, 'versioning'] as const,
    queryFn: ({ signal }) => client.call(ENDPOINTS.getBucketVersioning, { params: { bucket }, signal }),
    enabled: bucket !== '',
    select: (answer) => answer.is_versioned === true,
    meta: { silent: true },
  });
}
