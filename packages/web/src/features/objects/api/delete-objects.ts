/**
 * POST /api/v1/buckets/{bucket}/delete-objects with a list of {path, versionID, recursive}
 * (spec 2 §3, §7). When the answer lists failures, the mutation fails with them, so the user reads
 * the real outcome rather than a blanket success.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import { isFolder } from './object-paths.js';
import { objectsKey } from './list-objects.js';

export interface DeleteObjectsItem {
  path: string;
  versionID: string;
  recursive: boolean;
}

interface DeleteObjectsAnswer {
  errors?: { path?: string; message?: string }[];
}

export async function deleteObjects(
  client: ApiClient,
  bucket: string,
  paths: readonly string[],
): Promise<void> {
  const body: DeleteObjectsItem[] = paths.map((path) => ({ path, versionID: '', recursive: isFolder(path) }));
  const answer = await client.request<DeleteObjectsAnswer | undefined>(
    'POST',
    `/buckets/${encodeURIComponent(bucket)}/delete-objects`,
    { body },
  );
  const errors = answer?.errors ?? [];
  if (errors.length > 0) {
    const detail = errors.map((e) => `${e.path ?? ''}: ${e.message ?? 'not deleted'}`).join('\n');
    throw new ApiError(200, `${errors.length} of ${paths.length} could not be deleted.`, detail);
  }
}

export function useDeleteObjects(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, readonly string[]>({
    mutationFn: (paths) => deleteObjects(client, bucket, paths),
    meta: { silent: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
    },
  });
}
