/**
 * POST /has-permission — asks the server, which evaluates the account's effective policy,
 * whether actions are allowed (architecture §3: the UI never evaluates policies itself).
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.js';
import { useApiClient } from './api-client-context.js';
import type { PermissionCheck } from './types.js';

export async function hasPermission(
  client: ApiClient,
  actions: PermissionCheck[],
  signal?: AbortSignal,
): Promise<Record<string, boolean>> {
  const answer = await client.call(ENDPOINTS.hasPermission, { body: { actions }, signal });
  return Object.fromEntries(answer.permissions.map((p) => [p.id, p.can]));
}

export function hasPermissionQuery(client: ApiClient, actions: PermissionCheck[]) {
  return queryOptions({
    queryKey: ['has-permission', actions] as const,
    queryFn: ({ signal }) => hasPermission(client, actions, signal),
  });
}

/** True once the server allowed `action` (optionally on a bucket); false while asking or on refusal. */
export function usePermission(action: string, bucketName?: string): boolean {
  const id = bucketName === undefined ? action : `${action}:${bucketName}`;
  const { data } = useQuery({
    ...hasPermissionQuery(useApiClient(), [
      { id, action, ...(bucketName === undefined ? {} : { bucket_name: bucketName }) },
    ]),
    meta: { silent: true },
  });
  return data?.[id] === true;
}
