/**
 * The Storage page's calls (spec 3 §7 "Storage"): the PVC list (failures toasted, spec 3 §8), the
 * direct-csi drives (a failure means direct-csi is not installed: shown in place, so silent), and
 * formatting drives — answered with the drives that could not be formatted.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';

export type { Drive, FormatIssue, Pvc } from '@coffer/contract';
import type { Drive, FormatIssue, Pvc } from '@coffer/contract';

const DRIVES_KEY = ['direct-csi', 'drives'] as const;

export function usePvcs() {
  const client = useApiClient();
  return useQuery<Pvc[], ApiError>({
    queryKey: ['pvcs'],
    queryFn: async ({ signal }) => (await client.call(ENDPOINTS.listPvcs, { signal })).pvcs ?? [],
  });
}

export function useDrives() {
  const client = useApiClient();
  return useQuery<Drive[], ApiError>({
    queryKey: DRIVES_KEY,
    queryFn: async ({ signal }) => (await client.call(ENDPOINTS.listDrives, { signal })).drives ?? [],
    retry: false,
    meta: { silent: true },
  });
}

export interface FormatRequest {
  /** 'node:drive' for each drive. */
  drives: string[];
  force: boolean;
}

export function useFormatDrives() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<FormatIssue[], ApiError, FormatRequest>({
    mutationFn: async (body) => (await client.call(ENDPOINTS.formatDrives, { body })).formatIssuesList ?? [],
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVES_KEY }),
  });
}

/** The 'node:drive' name a format request carries. */
export const driveKey = (drive: Pick<Drive, 'node' | 'drive'>): string => `${drive.node}:${drive.drive}`;
