/**
 * Query keys of the IAM screens. Users, groups and policies refer to each other (a user's groups, a
 * group's policies, a policy's users), so any IAM change reloads all three families: the lists and
 * the detail screens show the server's state after every create, delete or update (spec 2 §4).
 *
 * After a delete, the deleted entity's own queries are left out: the screen showing it may still be
 * mounted for a moment while it navigates away, and asking the server again could only fail.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const USERS_KEY = ['users'] as const;
export const GROUPS_KEY = ['groups'] as const;
export const POLICIES_KEY = ['policies'] as const;

const startsWith = (key: QueryKey, prefix: QueryKey): boolean =>
  prefix.every((part, index) => key[index] === part);

/** Reloads users, groups and policies, except queries under the `except` key prefixes. */
export function invalidateIam(queryClient: QueryClient, except: readonly QueryKey[] = []): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      [USERS_KEY, GROUPS_KEY, POLICIES_KEY].some((family) => startsWith(query.queryKey, family)) &&
      !except.some((prefix) => startsWith(query.queryKey, prefix)),
  });
}
