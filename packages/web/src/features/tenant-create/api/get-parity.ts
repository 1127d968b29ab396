/**
 * `GET /get-parity/{nodes}/{disksPerNode}` (spec 3 §7): the erasure-code parities MinIO offers
 * for the size step's servers × drives, highest first. A failure disables the step and clears
 * the parity (§8); the step shows why, so it does not toast.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function useParity(nodes: number, disksPerNode: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery<string[], ApiError>({
    queryKey: ['tenant-create', 'parity', nodes, disksPerNode],
    queryFn: ({ signal }) =>
      client.call(ENDPOINTS.getParity, {
        params: { nodes: String(nodes), disksPerNode: String(disksPerNode) },
        signal,
      }),
    enabled,
    retry: false,
    meta: { silent: true },
  });
}
