import { describe, expect, it, vi } from 'vitest';
import { AdminApiError, type AdminClient } from '@coffer/admin-client';
import { READ_ONLY_POLICY } from '@coffer/protocol';
import { bucketPolicies, listPolicies, policyEntities, setPolicy } from './policy-service.js';

const unsupported = (): AdminApiError =>
  new AdminApiError('XMinioAdminVersionMismatch', "This 'admin' API is not supported", 426);

function fakeAdmin(overrides: Partial<Record<keyof AdminClient, unknown>>): AdminClient {
  return overrides as unknown as AdminClient;
}

describe('setPolicy', () => {
  it('attaches what is missing first, then detaches what is extra', async () => {
    const calls: string[] = [];
    const admin = fakeAdmin({
      userInfo: vi.fn(async () => ({ status: 'enabled', policyName: 'readonly,diagnostics' })),
      attachPolicy: vi.fn(async (r: { policies: string[] }) => {
        calls.push(`attach ${r.policies.join(',')}`);
        return {};
      }),
      detachPolicy: vi.fn(async (r: { policies: string[] }) => {
        calls.push(`detach ${r.policies.join(',')}`);
        return {};
      }),
    });
    await setPolicy(admin, 'readwrite, readonly', 'alice', 'user');
    expect(calls).toEqual(['attach readwrite', 'detach diagnostics']);
    expect(admin.attachPolicy).toHaveBeenCalledWith({ policies: ['readwrite'], user: 'alice' });
  });

  it('does nothing when the policies are already those', async () => {
    const admin = fakeAdmin({
      groupInfo: vi.fn(async () => ({ name: 'g', status: 'enabled', members: [], policy: 'readonly' })),
      attachPolicy: vi.fn(),
      detachPolicy: vi.fn(),
    });
    await setPolicy(admin, 'readonly', 'g', 'group');
    expect(admin.attachPolicy).not.toHaveBeenCalled();
    expect(admin.detachPolicy).not.toHaveBeenCalled();
  });

  it('falls back to the legacy set-user-or-group-policy on servers without attach/detach', async () => {
    const admin = fakeAdmin({
      groupInfo: vi.fn(async () => ({ name: 'g', status: 'enabled', members: [], policy: 'readonly' })),
      attachPolicy: vi.fn(async () => Promise.reject(unsupported())),
      setPolicy: vi.fn(async () => undefined),
    });
    await setPolicy(admin, 'readwrite', 'g', 'group');
    expect(admin.setPolicy).toHaveBeenCalledWith(['readwrite'], { group: 'g' });
  });

  it('maps an LDAP DN with the legacy call: unknown to user-info, or to the built-in attach', async () => {
    const dn = 'uid=grace,ou=people,dc=coffer,dc=test';
    const noSuchUser = () => new AdminApiError('XMinioAdminNoSuchUser', 'no such user', 404);
    for (const admin of [
      fakeAdmin({ userInfo: vi.fn(async () => Promise.reject(noSuchUser())), setPolicy: vi.fn() }),
      fakeAdmin({
        userInfo: vi.fn(async () => ({ status: 'enabled', policyName: '' })),
        attachPolicy: vi.fn(async () => Promise.reject(noSuchUser())),
        setPolicy: vi.fn(),
      }),
    ]) {
      await setPolicy(admin, 'readwrite', dn, 'user');
      expect(admin.setPolicy).toHaveBeenCalledWith(['readwrite'], { user: dn });
    }
  });

  it('passes other refusals on', async () => {
    const admin = fakeAdmin({
      userInfo: vi.fn(async () => ({ status: 'enabled' })),
      attachPolicy: vi.fn(async () =>
        Promise.reject(new AdminApiError('XMinioAdminNoSuchPolicy', 'no such policy', 404)),
      ),
    });
    await expect(setPolicy(admin, 'nope', 'alice', 'user')).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchPolicy',
    });
  });
});

describe('policyEntities', () => {
  it('reads policy-entities', async () => {
    const admin = fakeAdmin({
      policyEntities: vi.fn(async () => ({
        policyMappings: [{ policy: 'p', users: ['zed', 'amy'], groups: ['g'] }],
      })),
    });
    expect(await policyEntities(admin, 'p', 'users')).toEqual(['amy', 'zed']);
    expect(await policyEntities(admin, 'p', 'groups')).toEqual(['g']);
  });

  it('asks users and groups one by one on servers without it', async () => {
    const admin = fakeAdmin({
      policyEntities: vi.fn(async () => Promise.reject(unsupported())),
      listUsers: vi.fn(async () => ({
        b: { status: 'enabled', policyName: 'x,p' },
        a: { status: 'enabled', policyName: 'x' },
      })),
      listGroups: vi.fn(async () => ['g1', 'g2']),
      groupInfo: vi.fn(async (g: string) => ({
        name: g,
        status: 'enabled',
        members: [],
        policy: g === 'g2' ? 'p' : '',
      })),
    });
    expect(await policyEntities(admin, 'p', 'users')).toEqual(['b']);
    expect(await policyEntities(admin, 'p', 'groups')).toEqual(['g2']);
  });
});

describe('listPolicies and bucketPolicies', () => {
  const admin = fakeAdmin({
    listCannedPolicies: vi.fn(async () => ({
      zeta: READ_ONLY_POLICY,
      alpha: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: ['admin:*'] }] },
      broken: { Statement: 'x' },
    })),
  });

  it('sorts by name, limits, presents documents as indented JSON', async () => {
    const all = await listPolicies(admin);
    expect(all.policies.map((p) => p.name)).toEqual(['alpha', 'broken', 'zeta']);
    expect(all.total).toBe(3);
    expect(JSON.parse(all.policies[2]?.policy ?? '')).toEqual(READ_ONLY_POLICY);
    expect(all.policies[2]?.policy).toContain('\n  ');
    expect((await listPolicies(admin, 1)).policies.map((p) => p.name)).toEqual(['alpha']);
  });

  it('keeps only the policies that reach the bucket (unreadable ones never)', async () => {
    expect((await bucketPolicies(admin, 'photos')).map((p) => p.name)).toEqual(['zeta']);
  });
});
