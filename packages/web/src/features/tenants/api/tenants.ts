/**
 * The tenant list and one tenant's detail, usage, YAML, update and delete (spec 3 §7 "Tenants").
 * A failed list or detail is toasted by the app (spec 3 §8 general rule); the usage failure is
 * shown inside the storage chart, so it is silent here.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { TENANTS_KEY, tenantKey } from './tenant-keys.js';
import type { TenantDetail, TenantListItem, TenantRef } from './types.js';

const params = ({ namespace, name }: TenantRef) => ({ namespace, tenant: name });

export function useTenants() {
  const client = useApiClient();
  return useQuery<TenantListItem[], ApiError>({
    queryKey: [...TENANTS_KEY, 'list'],
    queryFn: async ({ signal }) => (await client.call(ENDPOINTS.listTenants, { signal })).tenants ?? [],
  });
}

export function useTenant(ref: TenantRef) {
  const client = useApiClient();
  return useQuery<TenantDetail, ApiError>({
    queryKey: [...tenantKey(ref), 'detail'],
    queryFn: ({ signal }) => client.call(ENDPOINTS.getTenant, { params: params(ref), signal }),
    retry: false,
  });
}

export function useTenantUsage(ref: TenantRef) {
  const client = useApiClient();
  return useQuery<{ disk_used?: number }, ApiError>({
    queryKey: [...tenantKey(ref), 'usage'],
    queryFn: ({ signal }) => client.call(ENDPOINTS.getTenantUsage, { params: params(ref), signal }),
    retry: false,
    meta: { silent: true },
  });
}

export function useDeleteTenant() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, TenantRef>({
    mutationFn: (ref) =>
      client.call(ENDPOINTS.deleteTenant, { params: params(ref), query: { delete_pvcs: false } }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_KEY }),
  });
}

export interface TenantUpdate {
  image: string;
  console_image: string;
  image_registry?: { registry: string; username: string; password: string };
}

export function useUpdateTenant(ref: TenantRef) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, TenantUpdate>({
    mutationFn: (body) =>
      client.call(ENDPOINTS.updateTenant, {
        params: params(ref),
        body: { ...body, enable_prometheus: true },
      }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKey(ref) }),
  });
}

export function useTenantYaml(ref: TenantRef, enabled: boolean) {
  const client = useApiClient();
  return useQuery<string, ApiError>({
    queryKey: [...tenantKey(ref), 'yaml'],
    queryFn: async ({ signal }) =>
      (await client.call(ENDPOINTS.getTenantYaml, { params: params(ref), signal })).yaml,
    enabled,
    gcTime: 0,
  });
}

export function useSaveTenantYaml(ref: TenantRef) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (yaml) => client.call(ENDPOINTS.updateTenantYaml, { params: params(ref), body: { yaml } }),
    // Spec 3 §8: the YAML save error shows in red inside the dialog, not as a toast.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKey(ref) }),
  });
}
