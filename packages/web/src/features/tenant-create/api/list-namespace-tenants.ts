/**
 * `GET /namespaces/{ns}/tenants` (spec 3 §7): the Name Tenant step asks whether the namespace
 * already holds a tenant (one per namespace, §5). Its failure is the step's own message (§8
 * 'Error validating if namespace already has tenants' with the server's detail), so it does not
 * toast through the query client.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ListTenantsResponse } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export const namespaceTenantsKey = (namespace: string) =>
  ['tenant-create', 'namespace-tenants', namespace] as const;

export function useNamespaceTenants(namespace: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery<ListTenantsResponse, ApiError>({
    queryKey: namespaceTenantsKey(namespace),
    queryFn: ({ signal }) => client.call(ENDPOINTS.listNamespaceTenants, { params: { namespace }, signal }),
    enabled,
    retry: false,
    meta: { silent: true },
  });
}
