/**
 * GET /buckets/{bucket}/objects/download?prefix=&version_id= is a plain browser navigation
 * (spec 2 §7): the browser's own download manager streams the file to disk (user needs #7).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ApiClient } from '../../../lib/api-client.js';

/** Spec 2 §9: downloads above 100 MiB get the 'may take a few moments' notice. */
export const LARGE_DOWNLOAD_BYTES = 104857600;

export function downloadUrl(
  client: ApiClient,
  bucket: string,
  key: string,
  versionId?: string | null,
): string {
  return client.url(ENDPOINTS.downloadObject, {
    params: { bucket },
    query: {
      prefix: key,
      // version_id is left out when null (spec 2 §7).
      version_id: versionId === null || versionId === 'null' ? undefined : versionId,
    },
  });
}
