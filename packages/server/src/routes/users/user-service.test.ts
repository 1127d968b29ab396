import { describe, expect, it, vi } from 'vitest';
import { AdminApiError, type AdminClient, type GroupAddRemove } from '@coffer/admin-client';
import { CONSOLE_ADMIN_POLICY, READ_ONLY_POLICY } from '@coffer/protocol';
import { addUsersToGroups, bucketUsers, createUser, updateUser } from './user-service.js';

describe('user service', () => {
  it('create refuses a short secret before any call, with the spec text', async () => {
    const admin = { userInfo: vi.fn(), addUser: vi.fn() } as unknown as AdminClient;
    await expect(
      createUser(admin, { accessKey: 'a', secretKey: '1234567', groups: [], policies: [] }),
    ).rejects.toMatchObject({ message: 'Passwords must be at least 8 characters long', status: 400 });
    expect(admin.userInfo).not.toHaveBeenCalled();
  });

  it('create refuses an existing user without touching its secret', async () => {
    const admin = {
      userInfo: vi.fn(async () => ({ status: 'enabled' })),
      addUser: vi.fn(),
    } as unknown as AdminClient;
    await expect(
      createUser(admin, { accessKey: 'a', secretKey: '12345678', groups: [], policies: [] }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(admin.addUser).not.toHaveBeenCalled();
  });

  it('update changes status only when it differs and makes groups exactly the list', async () => {
    const changes: GroupAddRemove[] = [];
    const admin = {
      userInfo: vi.fn(async () => ({ status: 'enabled', memberOf: ['g1', 'g2'] })),
      setUserStatus: vi.fn(),
      updateGroupMembers: vi.fn(async (c: GroupAddRemove) => {
        changes.push(c);
      }),
    } as unknown as AdminClient;
    await updateUser(admin, 'u', { status: 'enabled', groups: ['g2', 'g3'] });
    expect(admin.setUserStatus).not.toHaveBeenCalled();
    expect(changes).toEqual([
      { group: 'g3', members: ['u'], isRemove: false },
      { group: 'g1', members: ['u'], isRemove: true },
    ]);
  });

  it('bulk add needs a group (spec text) and adds all users to each group', async () => {
    const admin = { updateGroupMembers: vi.fn() } as unknown as AdminClient;
    await expect(addUsersToGroups(admin, [], ['u'])).rejects.toMatchObject({
      message: 'You need to select at least one group to assign',
    });
    await addUsersToGroups(admin, ['g1', 'g2'], ['u', 'v']);
    expect(admin.updateGroupMembers).toHaveBeenCalledTimes(2);
    expect(admin.updateGroupMembers).toHaveBeenLastCalledWith({
      group: 'g2',
      members: ['u', 'v'],
      isRemove: false,
    });
  });

  it('bucket users: own and enabled-group policies count; disabled users and groups do not', async () => {
    const admin = {
      listUsers: vi.fn(async () => ({
        viaGroup: { status: 'enabled' },
        viaDisabledGroup: { status: 'enabled' },
        own: { status: 'enabled', policyName: 'consoleAdmin' },
        disabled: { status: 'disabled', policyName: 'consoleAdmin' },
        none: { status: 'enabled' },
      })),
      listCannedPolicies: vi.fn(async () => ({
        readonly: READ_ONLY_POLICY,
        consoleAdmin: CONSOLE_ADMIN_POLICY,
      })),
      listGroups: vi.fn(async () => ['on', 'off']),
      groupInfo: vi.fn(async (name: string) =>
        name === 'on'
          ? { name, status: 'enabled', members: ['viaGroup'], policy: 'readonly' }
          : { name, status: 'disabled', members: ['viaDisabledGroup'], policy: 'readonly' },
      ),
    } as unknown as AdminClient;
    const users = await bucketUsers(admin, 'photos');
    expect(users.map((u) => u.accessKey)).toEqual(['own', 'viaGroup']);
    expect(users[1]?.memberOf).toEqual(['on']);
  });

  it('a failed group lookup during bucket users is skipped, not fatal', async () => {
    const admin = {
      listUsers: vi.fn(async () => ({ u: { status: 'enabled', policyName: 'readonly' } })),
      listCannedPolicies: vi.fn(async () => ({ readonly: READ_ONLY_POLICY })),
      listGroups: vi.fn(async () => ['g']),
      groupInfo: vi.fn(async () => Promise.reject(new AdminApiError('XMinioAdminNoSuchGroup', 'gone', 404))),
    } as unknown as AdminClient;
    expect((await bucketUsers(admin, 'b')).map((u) => u.accessKey)).toEqual(['u']);
  });
});
