/**
 * The Summary's bucket settings (spec 1 §7): GET versioning, quota, retention, object-locking and
 * replication, each under the query key `['buckets', bucket, <setting>]`; PUT versioning, quota
 * and retention. Every failure is the caller's to show (the cards say why a setting is unknown,
 * the modals show refusals inside; spec 1 §8: retention read failures are silent), so none toasts.
 * After any change the bucket's sections are read again (spec 1 §4).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type {
  BucketRetention,
  SetBucketQuotaRequest,
  SetBucketVersioningRequest,
} from '../../../shared/api/types.js';

/** One setting's query: read with `read` under `['buckets', bucket, setting]`, only when `enabled`. */
function useBucketSetting<T>(
  bucket: string,
  setting: string,
  read: (client: ApiClient, signal: AbortSignal) => Promise<T>,
  enabled: boolean,
) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['buckets', bucket, setting] as const,
    queryFn: ({ signal }) => read(client, signal),
    enabled,
    meta: { silent: true },
  });
}

export const useBucketVersioning = (bucket: string, enabled: boolean) =>
  useBucketSetting(
    bucket,
    'versioning',
    (client, signal) => client.call(ENDPOINTS.getBucketVersioning, { params: { bucket }, signal }),
    enabled,
  );

export const useBucketQuota = (bucket: string, enabled: boolean) =>
  useBucketSetting(
    bucket,
    'quota',
    (client, signal) => client.call(ENDPOINTS.getBucketQuota, { params: { bucket }, signal }),
    enabled,
  );

export const useBucketRetention = (bucket: string, enabled: boolean) =>
  useBucketSetting(
    bucket,
    'retention',
    (client, signal) => client.call(ENDPOINTS.getBucketRetention, { params: { bucket }, signal }),
    enabled,
  );

export const useBucketObjectLocking = (bucket: string, enabled: boolean) =>
  useBucketSetting(
    bucket,
    'object-locking',
    (client, signal) => client.call(ENDPOINTS.getBucketObjectLocking, { params: { bucket }, signal }),
    enabled,
  );

export const useBucketReplication = (bucket: string, enabled: boolean) =>
  useBucketSetting(
    bucket,
    'replication',
    (client, signal) => client.call(ENDPOINTS.getBucketReplication, { params: { bucket }, signal }),
    enabled,
  );

/** One setting's change: `send` the body; on success every section of the bucket is read again. */
function useBucketSettingChange<B, A>(bucket: string, send: (client: ApiClient, body: B) => Promise<A>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<A, ApiError, B>({
    mutationFn: (body) => send(client, body),
    // The refusal is shown inside the modal (spec 1 §8), not in the snackbar.
    meta: { silent: true },
    onSuccess: () => {
      // The modal need not wait for the sections to be read again.
      void queryClient.invalidateQueries({ queryKey: ['buckets', bucket] });
    },
  });
}

export const useSetBucketVersioning = (bucket: string) =>
  useBucketSettingChange(bucket, (client, body: SetBucketVersioningRequest) =>
    client.call(ENDPOINTS.setBucketVersioning, { params: { bucket }, body }),
  );

export const useSetBucketQuota = (bucket: string) =>
  useBucketSettingChange(bucket, (client, body: SetBucketQuotaRequest) =>
    client.call(ENDPOINTS.setBucketQuota, { params: { bucket }, body }),
  );

export const useSetBucketRetention = (bucket: string) =>
  useBucketSettingChange(bucket, (client, body: BucketRetention) =>
    client.call(ENDPOINTS.setBucketRetention, { params: { bucket }, body }),
  );
