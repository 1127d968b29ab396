/** `GET /nodes/labels` (spec 3 §7): the nodes' labels, offered by the Pod Affinity step's node selector. */
import { ENDPOINTS } from '@coffer/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export function useNodeLabels(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['tenant-create', 'node-labels'],
    queryFn: ({ signal }) => client.call(ENDPOINTS.getNodeLabels, { signal }),
    enabled,
  });
}
