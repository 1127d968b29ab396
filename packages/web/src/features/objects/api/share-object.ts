/**
 * Share links (spec 2 §7 share call; the list and revocation of active links):
 * GET /buckets/{bucket}/objects/share?prefix=&version_id=&expires={ms}ms answers the URL;
 * GET /share-links lists the account's active links of one object; DELETE /share-links/{id}
 * revokes one. A link is identified by the access key it is signed with (X-Amz-Credential).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ShareLink } from '@coffer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export interface ShareTarget {
  bucket: string;
  key: string;
  /** Absent (or the 'null' version of an unversioned write): the object itself. */
  versionId?: string | null;
}

const versionOf = (target: ShareTarget): string | undefined =>
  target.versionId === null || target.versionId === undefined || target.versionId === ''
    ? undefined
    : target.versionId;

export function shareLinksKey(target: ShareTarget) {
  return ['share-links', target.bucket, target.key, versionOf(target) ?? ''] as const;
}

/** A new share link valid `expiresMs` milliseconds (absent: the server's 7 days). */
export async function shareObject(
  client: ApiClient,
  target: ShareTarget,
  expiresMs: number | undefined,
): Promise<string> {
  const url = await client.call(ENDPOINTS.shareObject, {
    params: { bucket: target.bucket },
    query: {
      prefix: target.key,
      version_id: versionOf(target),
      expires: expiresMs === undefined ? undefined : `${expiresMs}ms`,
    },
  });
  return String(url);
}

/** The id of the link a share URL is (the access key it is signed with), or undefined. */
export function shareLinkId(url: string): string | undefined {
  try {
    const credential = new URL(url).searchParams.get('X-Amz-Credential');
    const id = credential?.split('/')[0];
    return id === undefined || id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

export function useShareLinks(target: ShareTarget, enabled: boolean) {
  const client = useApiClient();
  const versionId = versionOf(target);
  return useQuery({
    queryKey: shareLinksKey(target),
    queryFn: async ({ signal }) =>
      (
        await client.call(ENDPOINTS.listShareLinks, {
          query: { bucket: target.bucket, object: target.key, version_id: versionId },
          signal,
        })
      ).links,
    enabled,
    meta: { silent: true },
  });
}

export function useCreateShareLink(target: ShareTarget) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<string, ApiError, number | undefined>({
    mutationFn: (expiresMs) => shareObject(client, target, expiresMs),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(target) }),
  });
}

export function useRevokeShareLink(target: ShareTarget) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: async (id) => {
      await client.call(ENDPOINTS.revokeShareLink, { params: { id } });
    },
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(target) }),
  });
}

export type { ShareLink };
