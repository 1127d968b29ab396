/**
 * Configuration entries (spec 3 §3, §7 Settings): GET /configs/{name} as key_values, PUT with the
 * form's key_values (empty values dropped, spec 3 §3), DELETE to reset a section or remove a target,
 * and GET /configs/{subsystem}/targets for the logger and audit webhook screens. Reads and saves
 * toast the server's message on failure (spec 3 §8); a change that needs a restart raises the
 * restart banner at once.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { ConfigKeyValueInput, SetConfigResponse } from '../../../shared/api/types.js';
import { noteRestart } from './restart.js';

export const CONFIGS_KEY = ['configs'] as const;

export function useConfig(name: string, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...CONFIGS_KEY, 'entry', name] as const,
    queryFn: ({ signal }) => client.call(ENDPOINTS.getConfig, { params: { name }, signal }),
    enabled,
    // A form starts from what the server holds now, not from an older read.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useConfigTargets(subsystem: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...CONFIGS_KEY, 'targets', subsystem] as const,
    queryFn: ({ signal }) => client.call(ENDPOINTS.listConfigTargets, { params: { subsystem }, signal }),
  });
}

/** Drops the empty values before sending (spec 3 §3: empty values are dropped on save). */
export function nonEmpty(keyValues: readonly ConfigKeyValueInput[]): ConfigKeyValueInput[] {
  return keyValues.filter((kv) => kv.value.trim() !== '');
}

/** PUT /configs/{name}; `silent` when the caller shows the refusal itself (a modal). */
export function useSetConfig(options: { silent?: boolean } = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<SetConfigResponse, ApiError, { name: string; keyValues: ConfigKeyValueInput[] }>({
    mutationFn: ({ name, keyValues }) =>
      client.call(ENDPOINTS.setConfig, { params: { name }, body: { key_values: nonEmpty(keyValues) } }),
    meta: { silent: options.silent === true },
    onSuccess: (answer) => {
      noteRestart(queryClient, answer.restart);
      void queryClient.invalidateQueries({ queryKey: CONFIGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['notification-endpoints'] });
    },
  });
}

/** DELETE /configs/{name}: a section back to its defaults, or a target removed. */
export function useResetConfig() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<{ restart: boolean }, ApiError, string>({
    mutationFn: (name) => client.call(ENDPOINTS.resetConfig, { params: { name } }),
    meta: { silent: true },
    onSuccess: (answer) => {
      noteRestart(queryClient, answer.restart);
      void queryClient.invalidateQueries({ queryKey: CONFIGS_KEY });
    },
  });
}
