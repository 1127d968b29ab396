/**
 * Groups (wire doc §3.3), all plain JSON: list, description, membership changes and status.
 * There is no "create group" or "delete group" call: `update-group-members` creates a group when
 * adding (members may be empty), removes members with `isRemove`, and removes the group itself
 * with `isRemove` and no members (refused while it still has members).
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import type { GroupAddRemove, GroupDesc } from './types.js';
import type { AccountStatus } from './users.js';

export interface GroupCalls {
  /** `GET /groups` — group names (admin:ListGroups). */
  listGroups(options?: CallOptions): Promise<string[]>;
  /** `GET /group?group=` (admin:GetGroup). */
  groupInfo(group: string, options?: CallOptions): Promise<GroupDesc>;
  /** `PUT /update-group-members` (admin:AddUserToGroup, also for removals). */
  updateGroupMembers(change: GroupAddRemove, options?: CallOptions): Promise<void>;
  /** `PUT /set-group-status?group=&status=` (admin:EnableGroup / admin:DisableGroup). */
  setGroupStatus(group: string, status: AccountStatus, options?: CallOptions): Promise<void>;
}

export function groupCalls({ request, requestJson }: AdminTransport): GroupCalls {
  return {
    listGroups: (o) =>
      requestJson<string[] | null>({
        method: 'GET',
        path: '/groups',
        ...(o?.signal ? { signal: o.signal } : {}),
      }).then((groups) => groups ?? []),
    groupInfo: (group, o) =>
      requestJson<GroupDesc>({
        method: 'GET',
        path: '/group',
        query: { group },
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    updateGroupMembers: async (change, o) => {
      await request({
        method: 'PUT',
        path: '/update-group-members',
        body: {
          group: change.group,
          members: change.members,
          groupStatus: change.groupStatus ?? '',
          isRemove: change.isRemove,
        },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    setGroupStatus: async (group, status, o) => {
      await request({
        method: 'PUT',
        path: '/set-group-status',
        query: { group, status },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
  };
}
