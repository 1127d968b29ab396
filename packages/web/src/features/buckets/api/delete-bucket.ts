/**
 * DELETE /buckets/{name}. The server refuses a bucket that is not empty.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';

export function deleteBucket(client: ApiClient, name: string): Promise<void> {
  return client.call(ENDPOINTS.deleteBucket, { params: { bucket: name } });
}

export function useDeleteBucket() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (name) => deleteBucket(client, name),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUCKETS_KEY }),
  });
}
