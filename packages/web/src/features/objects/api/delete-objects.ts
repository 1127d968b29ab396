/**
 * POST /buckets/{bucket}/delete-objects with a list of {path, versionID, recursive}
 * (spec 2 §3, §7). The server answers the exact counts (`DeleteOutcome`); a partial failure is an
 * error answer, so the user reads the real outcome rather than a blanket success (user needs #10).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import type { DeleteOutcome } from '../../../shared/api/types.js';
import { isFolder } from './object-paths.js';
import { objectsKey } from './list-objects.js';

export function deleteObjects(
  client: ApiClient,
  bucket: string,
  paths: readonly string[],
): Promise<DeleteOutcome> {
  return client.call(ENDPOINTS.deleteObjects, {
    params: { bucket },
    body: paths.map((path) => ({ path, recursive: isFolder(path) })),
  });
}

export function useDeleteObjects(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DeleteOutcome, ApiError, readonly string[]>({
    mutationFn: (paths) => deleteObjects(client, bucket, paths),
    meta: { silent: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
    },
  });
}
