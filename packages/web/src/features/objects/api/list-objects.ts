/**
 * GET /buckets/{bucket}/objects?prefix=&limit=&continuation=&search= — one level of a
 * bucket, a page at a time. The object list reads it as an infinite query so a prefix of 100,000
 * entries shows its first page at once and loads more while the user scrolls (user needs #1); a
 * `search` asks the server to match names under the whole prefix, not only the loaded rows (#3).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { BucketObject, ListObjectsResponse } from '../../../shared/api/types.js';

export const OBJECT_PAGE_SIZE = 1000;

export interface ListObjectsParams {
  bucket: string;
  prefix: string;
  search?: string;
  continuation?: string;
  limit?: number;
}

export function objectsKey(bucket: string) {
  return ['objects', bucket] as const;
}

export function listObjects(
  client: ApiClient,
  params: ListObjectsParams,
  signal?: AbortSignal,
): Promise<ListObjectsResponse> {
  return client.call(ENDPOINTS.listObjects, {
    params: { bucket: params.bucket },
    query: {
      prefix: params.prefix,
      limit: params.limit ?? OBJECT_PAGE_SIZE,
      continuation: params.continuation,
      search: params.search === '' ? undefined : params.search,
    },
    signal,
  });
}

export function listObjectsQuery(client: ApiClient, bucket: string, prefix: string, search: string) {
  return infiniteQueryOptions({
    queryKey: [...objectsKey(bucket), 'list', prefix, search] as const,
    queryFn: ({ pageParam, signal }) =>
      listObjects(client, { bucket, prefix, search, continuation: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.continuation === '' ? undefined : last.continuation),
  });
}

/** The page shows a refused or failed listing in place of the list, so no error toast is raised too. */
export function useObjectList(bucket: string, prefix: string, search: string) {
  return useInfiniteQuery({
    ...listObjectsQuery(useApiClient(), bucket, prefix, search),
    meta: { silent: true },
  });
}

/**
 * The object stored under exactly `key`, if any: when a path lists nothing, this tells a file from
 * an empty folder (spec 2 §4). A key sorts before every longer key it prefixes, so one entry is enough.
 */
export async function findObject(
  client: ApiClient,
  bucket: string,
  key: string,
  signal?: AbortSignal,
): Promise<BucketObject | null> {
  const answer = await listObjects(client, { bucket, prefix: key, limit: 1 }, signal);
  return (answer.objects ?? []).find((o) => o.name === key) ?? null;
}

export function useFindObject(bucket: string, key: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...objectsKey(bucket), 'find', key] as const,
    queryFn: ({ signal }) => findObject(client, bucket, key, signal),
    enabled,
  });
}
