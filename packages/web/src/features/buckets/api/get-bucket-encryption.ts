/**
 * GET /buckets/{bucket}/encryption/info — the bucket's default encryption, for the summary's
 * Encryption card and the Enable Bucket Encryption modal. The answer "not configured" (the error
 * whose message is exactly 'The server side encryption configuration was not found', spec 1 §8)
 * is no error here: the query resolves with `null`, which means Disabled.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { BucketEncryptionInfo } from '../../../shared/api/types.js';

/** Spec 1 §8: the encryption-info error that means "encryption disabled". */
export const ENCRYPTION_NOT_FOUND_MESSAGE = 'The server side encryption configuration was not found';

/** The query key of one bucket's encryption (under the bucket's key, so its refreshes reach it). */
export const bucketEncryptionKey = (bucket: string) => ['buckets', bucket, 'encryption'] as const;

/** The bucket's encryption, or null when it has none. */
export async function getBucketEncryption(
  client: ApiClient,
  bucket: string,
  signal?: AbortSignal,
): Promise<BucketEncryptionInfo | null> {
  try {
    return await client.call(ENDPOINTS.getBucketEncryptionInfo, { params: { bucket }, signal });
  } catch (err) {
    if (err instanceof ApiError && err.message === ENCRYPTION_NOT_FOUND_MESSAGE) return null;
    throw err;
  }
}

export function bucketEncryptionQuery(client: ApiClient, bucket: string) {
  return queryOptions({
    queryKey: bucketEncryptionKey(bucket),
    queryFn: ({ signal }) => getBucketEncryption(client, bucket, signal),
  });
}

/** The card says when the encryption cannot be read (e.g. no permission), so no toast. */
export function useBucketEncryption(bucket: string) {
  return useQuery({ ...bucketEncryptionQuery(useApiClient(), bucket), meta: { silent: true } });
}
