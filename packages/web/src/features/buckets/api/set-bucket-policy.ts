/**
 * PUT /buckets/{bucket}/set-policy — `access` (PRIVATE, PUBLIC or CUSTOM) and, for CUSTOM, the
 * policy document. The answer is the bucket's details as stored, which replace the cached ones;
 * the bucket's other sections are read again.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { BucketDetails, SetBucketPolicyRequest } from '../../../shared/api/types.js';
import { bucketInfoKey } from './get-bucket-info.js';

export function setBucketPolicy(
  client: ApiClient,
  bucket: string,
  body: SetBucketPolicyRequest,
): Promise<BucketDetails> {
  return client.call(ENDPOINTS.setBucketPolicy, { params: { bucket }, body });
}

export function useSetBucketPolicy(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<BucketDetails, ApiError, SetBucketPolicyRequest>({
    mutationFn: (body) => setBucketPolicy(client, bucket, body),
    // The refusal is shown inside the modal (spec 1 §8), not in the snackbar.
    meta: { silent: true },
    onSuccess: (details) => {
      queryClient.setQueryData(bucketInfoKey(bucket), details);
      // Spec 1 §4: after any change the detail page reloads its sections (the modal need not wait).
      void queryClient.invalidateQueries({ queryKey: ['buckets', bucket] });
    },
  });
}
