/**
 * POST /buckets/{bucket}/encryption/enable ({encType, kmsKeyID}) or …/encryption/disable — one
 * mutation for the Enable Bucket Encryption modal, which sends Disabled as the disable call (spec
 * 1 §4). The answer (the encryption as stored, or null for disabled) replaces the cached one; the
 * bucket's other sections are read again.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { BucketEncryptionInfo, EnableBucketEncryptionRequest } from '../../../shared/api/types.js';
import { bucketEncryptionKey } from './get-bucket-encryption.js';

/** What the modal asks for: a request for `enable`, or `null` for disable. */
export type EncryptionChange = EnableBucketEncryptionRequest | null;

export async function setBucketEncryption(
  client: ApiClient,
  bucket: string,
  change: EncryptionChange,
): Promise<BucketEncryptionInfo | null> {
  if (change === null) {
    await client.call(ENDPOINTS.disableBucketEncryption, { params: { bucket } });
    return null;
  }
  return client.call(ENDPOINTS.enableBucketEncryption, { params: { bucket }, body: change });
}

export function useSetBucketEncryption(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<BucketEncryptionInfo | null, ApiError, EncryptionChange>({
    mutationFn: (change) => setBucketEncryption(client, bucket, change),
    // The refusal is shown inside the modal (spec 1 §8), not in the snackbar.
    meta: { silent: true },
    onSuccess: (info) => {
      queryClient.setQueryData(bucketEncryptionKey(bucket), info);
      // Spec 1 §4: after any change the detail page reloads its sections.
      void queryClient.invalidateQueries({ queryKey: ['buckets', bucket] });
    },
  });
}
