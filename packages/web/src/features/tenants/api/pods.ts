/**
 * A tenant's pods, one pod's log and events, and deleting a pod (spec 3 §7 "Tenants"). The pod
 * list failure is shown in place ('Error loading pods', spec 3 §8), so it is silent here; logs and
 * events failures are toasted by the app.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { tenantKey } from './tenant-keys.js';
import type { PodEvent, TenantPod, TenantRef } from './types.js';

const params = ({ namespace, name }: TenantRef) => ({ namespace, tenant: name });

export function usePods(ref: TenantRef) {
  const client = useApiClient();
  return useQuery<TenantPod[], ApiError>({
    queryKey: [...tenantKey(ref), 'pods'],
    queryFn: ({ signal }) => client.call(ENDPOINTS.listTenantPods, { params: params(ref), signal }),
    meta: { silent: true },
    retry: false,
  });
}

export function useDeletePod(ref: TenantRef) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (pod) => client.call(ENDPOINTS.deleteTenantPod, { params: { ...params(ref), pod } }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...tenantKey(ref), 'pods'] }),
  });
}

/** The pod's log as lines (spec 3 §7: plain text split into lines). */
export function usePodLogs(ref: TenantRef, pod: string) {
  const client = useApiClient();
  return useQuery<string[], ApiError>({
    queryKey: [...tenantKey(ref), 'pod', pod, 'logs'],
    queryFn: async ({ signal }) => {
      const { log } = await client.call(ENDPOINTS.getPodLogs, { params: { ...params(ref), pod }, signal });
      return splitLines(log);
    },
    retry: false,
  });
}

export function usePodEvents(ref: TenantRef, pod: string) {
  const client = useApiClient();
  return useQuery<PodEvent[], ApiError>({
    queryKey: [...tenantKey(ref), 'pod', pod, 'events'],
    queryFn: ({ signal }) =>
      client.call(ENDPOINTS.listPodEvents, { params: { ...params(ref), pod }, signal }),
    retry: false,
  });
}

/** A log text as its lines, without the empty one after a final newline. */
export function splitLines(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
