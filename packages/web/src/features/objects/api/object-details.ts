/**
 * The object details page's calls (spec 2 §7): the key's versions with their metadata, legal hold,
 * retention and tags (GET objects?prefix=<key>&with_versions=true&with_metadata=true), and the
 * changes — retention (PUT, DELETE), tags (PUT, the whole set), legal hold (PUT) and deleting one
 * version. Every change refreshes the bucket's object queries, so the page shows what the storage
 * server now holds.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import type {
  BucketObject,
  DeleteOutcome,
  LegalHoldChoice,
  RetentionMode,
} from '../../../shared/api/types.js';
import { objectsKey } from './list-objects.js';

/** A version of the object: which one the calls act on ('null' is the unversioned one). */
export interface ObjectVersionRef {
  key: string;
  versionId?: string | undefined;
}

/** The most versions the page reads (ten pages of the listing). */
const MAX_VERSION_PAGES = 10;

/** Every version (and delete marker) of exactly `key`, newest first, with details. */
export async function listObjectVersions(
  client: ApiClient,
  bucket: string,
  key: string,
  signal?: AbortSignal,
): Promise<BucketObject[]> {
  const found: BucketObject[] = [];
  let continuation: string | undefined;
  for (let page = 0; page < MAX_VERSION_PAGES; page++) {
    const answer = await client.call(ENDPOINTS.listObjects, {
      params: { bucket },
      query: { prefix: key, with_versions: true, with_metadata: true, continuation },
      signal,
    });
    const objects = answer.objects ?? [];
    found.push(...objects.filter((o) => o.name === key));
    // Listing is in key order: once a longer key shows up, no more versions of `key` follow.
    if (objects.some((o) => o.name > key) || !answer.continuation) break;
    continuation = answer.continuation;
  }
  return found;
}

export function objectVersionsKey(bucket: string, key: string) {
  return [...objectsKey(bucket), 'versions', key] as const;
}

export function useObjectVersions(bucket: string, key: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: objectVersionsKey(bucket, key),
    queryFn: ({ signal }) => listObjectVersions(client, bucket, key, signal),
  });
}

/** The version the Details tab shows (spec 2 §4): the latest one, otherwise the first entry. */
export function currentVersion(versions: readonly BucketObject[]): BucketObject | undefined {
  return versions.find((v) => v.is_latest === true) ?? versions[0];
}

function target(ref: ObjectVersionRef) {
  // version_id is left out when null (spec 2 §7), so the call acts on the object as it is.
  const versionId = ref.versionId === undefined || ref.versionId === 'null' ? undefined : ref.versionId;
  return { prefix: ref.key, version_id: versionId };
}

function useObjectChange<V>(bucket: string, send: (client: ApiClient, variables: V) => Promise<unknown>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, V>({
    mutationFn: (variables) => send(client, variables),
    // Modals show the refusal themselves.
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
    },
  });
}

export interface RetentionChange extends ObjectVersionRef {
  /** null removes the (governance) retention. */
  retention: { mode: RetentionMode; expires: string } | null;
}

export function useSetObjectRetention(bucket: string) {
  return useObjectChange<RetentionChange>(bucket, (client, change) =>
    change.retention === null
      ? client.call(ENDPOINTS.deleteObjectRetention, { params: { bucket }, query: target(change) })
      : client.call(ENDPOINTS.putObjectRetention, {
          params: { bucket },
          query: target(change),
          body: change.retention,
        }),
  );
}

export interface TagsChange extends ObjectVersionRef {
  tags: Record<string, string>;
}

export function useSetObjectTags(bucket: string) {
  return useObjectChange<TagsChange>(bucket, (client, change) =>
    client.call(ENDPOINTS.putObjectTags, {
      params: { bucket },
      query: target(change),
      body: { tags: change.tags },
    }),
  );
}

export interface LegalHoldChange extends ObjectVersionRef {
  status: LegalHoldChoice;
}

export function useSetObjectLegalHold(bucket: string) {
  return useObjectChange<LegalHoldChange>(bucket, (client, change) =>
    client.call(ENDPOINTS.putObjectLegalHold, {
      params: { bucket },
      query: target(change),
      body: { status: change.status },
    }),
  );
}

export function useDeleteObjectVersion(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DeleteOutcome, ApiError, ObjectVersionRef>({
    mutationFn: (ref) =>
      client.call(ENDPOINTS.deleteObject, {
        params: { bucket },
        query: { path: ref.key, version_id: ref.versionId ?? 'null' },
      }),
    meta: { silent: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
    },
  });
}
