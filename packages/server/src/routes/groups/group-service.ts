/**
 * Groups over the admin API (spec 2 §2 /groups, §7; wire doc §3.3).
 *
 * The admin API has no create or delete call for groups: `update-group-members` creates a group
 * when adding (with no members too), and removes an empty group when removing nobody. So:
 * create refuses a name that exists and adds the members; update makes members and status
 * exactly what is sent; delete first removes the remaining members (the server refuses to delete
 * a group that has some), then the group. The list carries each group's members, status and
 * policies (one `group` call per group, a few at a time).
 */
import type { AdminClient, GroupDesc } from '@coffer/admin-client';
import type { Group, ListGroupsResponse } from '@coffer/contract';
import { ConsoleError, invalidRequest } from '../../errors.js';
import { byName, isNotFound, mapLimit, splitNames, without } from '../../iam/iam-helpers.js';

export function presentGroup(desc: GroupDesc): Group {
  return {
    name: desc.name,
    members: [...(desc.members ?? [])].sort(byName),
    status: desc.status === 'disabled' ? 'disabled' : 'enabled',
    policy: splitNames(desc.policy).join(','),
  };
}

export async function listGroups(admin: AdminClient): Promise<ListGroupsResponse> {
  const names = [...(await admin.listGroups())].sort(byName);
  const descs = await mapLimit(names, 8, (name) =>
    // A group removed between the two calls is simply not listed.
    admin.groupInfo(name).then(
      (d) => ({ ...d, name: d.name || name }),
      (err: unknown) => {
        if (isNotFound(err)) return undefined;
        throw err;
      },
    ),
  );
  const groups = descs.filter((d): d is GroupDesc => d !== undefined).map(presentGroup);
  return { groups, total: groups.length };
}

export async function getGroup(admin: AdminClient, name: string): Promise<Group> {
  const desc = await admin.groupInfo(name);
  return presentGroup({ ...desc, name: desc.name || name });
}

export async function createGroup(admin: AdminClient, name: string, members: string[]): Promise<Group> {
  const exists = await admin.groupInfo(name).then(
    () => true,
    (err: unknown) => {
      if (isNotFound(err)) return false;
      throw err;
    },
  );
  if (exists) throw new ConsoleError('conflict', `Group ${name} already exists`, 'choose another name');
  await admin.updateGroupMembers({ group: name, members: splitNames(members.join(',')), isRemove: false });
  return getGroup(admin, name);
}

export async function updateGroup(
  admin: AdminClient,
  name: string,
  req: { group?: string | undefined; members: string[]; status: 'enabled' | 'disabled' },
): Promise<Group> {
  if (req.group !== undefined && req.group !== name) {
    throw invalidRequest('A group cannot be renamed', `?name=${name} but the body names ${req.group}`);
  }
  const current = await admin.groupInfo(name);
  const had = current.members ?? [];
  const wanted = splitNames(req.members.join(','));
  const add = without(wanted, had);
  const remove = without(had, wanted);
  if (add.length > 0) await admin.updateGroupMembers({ group: name, members: add, isRemove: false });
  if (remove.length > 0) await admin.updateGroupMembers({ group: name, members: remove, isRemove: true });
  if (req.status !== current.status) await admin.setGroupStatus(name, req.status);
  return getGroup(admin, name);
}

export async function deleteGroup(admin: AdminClient, name: string): Promise<void> {
  const current = await admin.groupInfo(name);
  const members = current.members ?? [];
  if (members.length > 0) await admin.updateGroupMembers({ group: name, members, isRemove: true });
  await admin.updateGroupMembers({ group: name, members: [], isRemove: true });
}
