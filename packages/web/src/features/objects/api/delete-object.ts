/**
 * DELETE /buckets/{bucket}/objects?path=&recursive= — one object, or a folder and all it
 * holds (recursive when the path ends with a slash, spec 2 §7). The server deletes recursively and
 * answers only when done, so success means the folder is really gone (user needs #10).
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

export function deleteObject(client: ApiClient, bucket: string, path: string): Promise<DeleteOutcome> {
  return client.call(ENDPOINTS.deleteObject, {
    params: { bucket },
    query: { path, recursive: isFolder(path) },
  });
}

export function useDeleteObject(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DeleteOutcome, ApiError, string>({
    mutationFn: (path) => deleteObject(client, bucket, path),
    meta: { silent: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
    },
  });
}
