/**
 * `GET /namespaces/{ns}/resourcequotas/{ns}-storagequota` (spec 3 §7): the storage classes the
 * namespace may use and each one's free size. A failure (no such namespace) is only logged and
 * offers namespace creation (§8), so it is silent here.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ResourceQuota } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export const storageQuotaKey = (namespace: string) => ['tenant-create', 'storage-quota', namespace] as const;

export function useStorageQuota(namespace: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery<ResourceQuota, ApiError>({
    queryKey: storageQuotaKey(namespace),
    queryFn: ({ signal }) =>
      client.call(ENDPOINTS.getResourceQuota, {
        params: { namespace, name: `${namespace}-storagequota` },
        signal,
      }),
    enabled,
    retry: false,
    meta: { silent: true },
  });
}
