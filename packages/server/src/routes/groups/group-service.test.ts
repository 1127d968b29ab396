import { describe, expect, it, vi } from 'vitest';
import { AdminApiError, type AdminClient, type GroupAddRemove } from '@coffer/admin-client';
import { createGroup, deleteGroup, listGroups, updateGroup } from './group-service.js';

function recorder(desc: { members: string[]; status: 'enabled' | 'disabled'; policy?: string }) {
  const changes: GroupAddRemove[] = [];
  const statuses: string[] = [];
  const admin = {
    groupInfo: vi.fn(async (name: string) => ({ name, policy: '', ...desc })),
    updateGroupMembers: vi.fn(async (c: GroupAddRemove) => {
      changes.push(c);
    }),
    setGroupStatus: vi.fn(async (_g: string, s: string) => {
      statuses.push(s);
    }),
  } as unknown as AdminClient;
  return { admin, changes, statuses };
}

describe('group service', () => {
  it('update adds and removes members and changes status only when it differs', async () => {
    const { admin, changes, statuses } = recorder({ members: ['a', 'b'], status: 'enabled' });
    await updateGroup(admin, 'g', { members: ['b', 'c'], status: 'enabled' });
    expect(changes).toEqual([
      { group: 'g', members: ['c'], isRemove: false },
      { group: 'g', members: ['a'], isRemove: true },
    ]);
    expect(statuses).toEqual([]);
    await updateGroup(admin, 'g', { members: ['a', 'b'], status: 'disabled' });
    expect(statuses).toEqual(['disabled']);
  });

  it('delete removes remaining members, then the group', async () => {
    const { admin, changes } = recorder({ members: ['a'], status: 'enabled' });
    await deleteGroup(admin, 'g');
    expect(changes).toEqual([
      { group: 'g', members: ['a'], isRemove: true },
      { group: 'g', members: [], isRemove: true },
    ]);
  });

  it('create refuses an existing group', async () => {
    const { admin, changes } = recorder({ members: [], status: 'enabled' });
    await expect(createGroup(admin, 'g', [])).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect(changes).toEqual([]);
  });

  it('create adds the group with its members when it does not exist', async () => {
    let exists = false;
    const admin = {
      groupInfo: vi.fn(async (name: string) => {
        if (!exists) throw new AdminApiError('XMinioAdminNoSuchGroup', 'no such group', 404);
        return { name, status: 'enabled', members: ['u'], policy: '' };
      }),
      updateGroupMembers: vi.fn(async () => {
        exists = true;
      }),
    } as unknown as AdminClient;
    expect(await createGroup(admin, 'g', ['u', 'u'])).toEqual({
      name: 'g',
      members: ['u'],
      status: 'enabled',
      policy: '',
    });
    expect(admin.updateGroupMembers).toHaveBeenCalledWith({ group: 'g', members: ['u'], isRemove: false });
  });

  it('lists sorted, skipping a group removed meanwhile', async () => {
    const admin = {
      listGroups: vi.fn(async () => ['b', 'gone', 'a']),
      groupInfo: vi.fn(async (name: string) => {
        if (name === 'gone') throw new AdminApiError('XMinioAdminNoSuchGroup', 'no such group', 404);
        return { name, status: 'enabled', members: null, policy: 'p2,p1' };
      }),
    } as unknown as AdminClient;
    expect(await listGroups(admin)).toEqual({
      groups: [
        { name: 'a', members: [], status: 'enabled', policy: 'p2,p1' },
        { name: 'b', members: [], status: 'enabled', policy: 'p2,p1' },
      ],
      total: 2,
    });
  });
});
