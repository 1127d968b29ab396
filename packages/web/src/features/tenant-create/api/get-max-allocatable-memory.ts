/**
 * `GET /cluster/max-allocatable-memory?num_nodes={n}` (spec 3 §7): the most memory each of n
 * nodes can give. A failure marks the servers field invalid with the server's message (§8).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function useMaxAllocatableMemory(nodes: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery<{ max_memory: number }, ApiError>({
    queryKey: ['tenant-create', 'max-memory', nodes],
    queryFn: ({ signal }) =>
      client.call(ENDPOINTS.getMaxAllocatableMemory, { query: { num_nodes: nodes }, signal }),
    enabled,
    retry: false,
    meta: { silent: true },
  });
}
