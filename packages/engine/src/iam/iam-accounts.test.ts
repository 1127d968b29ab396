import { describe, expect, it } from 'vitest';
import type { PolicyRequest } from '@coffer/protocol';
import { fakeObjectLayer } from '../../test/helpers/fake-engine-context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import {
  AdminGroupNotEmpty,
  AdminInvalidIamCredentials,
  AdminInvalidResourceName,
  AdminInvalidSecretKey,
  AdminNoSuchGroup,
  AdminNoSuchPolicy,
  AdminNoSuchUser,
  AdminPolicyChangeAlreadyApplied,
  AdminServiceAccountNotFound,
  IamActionNotAllowed,
  IamPolicyInUse,
  MalformedIamPolicy,
  PolicyInvalidName,
  PolicyMissingVersion,
} from './errors.js';
import { createMemoryIamStore, createObjectLayerIamStore, encodeIamName } from './iam-store.js';
import { IamSystem } from './iam-system.js';
import type { Credential } from './types.js';

const root = { accessKey: 'rootuser', secretKey: 'rootsecret123' };

const get = (key: string): PolicyRequest => ({ action: 's3:GetObject', resource: `arn:aws:s3:::${key}` });
const put = (key: string): PolicyRequest => ({ action: 's3:PutObject', resource: `arn:aws:s3:::${key}` });
const ONLY_B = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::b', 'arn:aws:s3:::b/*'] }],
});
const GET_ONLY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::*'] }],
});

async function fresh(): Promise<{ iam: IamSystem; store: ReturnType<typeof createMemoryIamStore> }> {
  const store = createMemoryIamStore();
  return { iam: await IamSystem.load({ root, store }), store };
}

function must(c: Credential | undefined): Credential {
  if (!c) throw new Error('no credential');
  return c;
}

describe('users', () => {
  it('creates, authenticates, disables at once and re-enables', async () => {
    const { iam } = await fresh();
    await iam.setUser('alice', { secretKey: 'alice-secret', status: 'enabled' });
    expect(iam.lookupNow('alice')).toEqual({
      accessKey: 'alice',
      secretKey: 'alice-secret',
      kind: 'user',
      enabled: true,
    });
    await iam.setUserStatus('alice', 'disabled');
    expect(iam.lookupNow('alice')?.enabled).toBe(false);
    await iam.setUserStatus('alice', 'enabled');
    expect(iam.lookupNow('alice')?.enabled).toBe(true);
  });

  it('validates names and secrets as MinIO does', async () => {
    const { iam } = await fresh();
    await expect(
      iam.setUser(' alice', { secretKey: 'alice-secret', status: 'enabled' }),
    ).rejects.toBeInstanceOf(AdminInvalidResourceName);
    await expect(iam.setUser('alice', { secretKey: 'short', status: 'enabled' })).rejects.toBeInstanceOf(
      AdminInvalidSecretKey,
    );
    await expect(
      iam.setUser('rootuser', { secretKey: 'whatever12', status: 'enabled' }),
    ).rejects.toBeInstanceOf(AdminInvalidIamCredentials);
    await iam.setUser('dept/alice', { secretKey: 'alice-secret', status: 'enabled' });
    expect(iam.hasUser('dept/alice')).toBe(true);
  });

  it('a user acts by its policies and those of its enabled groups', async () => {
    const { iam } = await fresh();
    await iam.setUser('alice', { secretKey: 'alice-secret', status: 'enabled' });
    const alice = must(iam.lookupNow('alice'));
    expect(iam.isAllowed(alice, get('b/k'))).toBe(false);

    await iam.setPolicyMapping('alice', false, ['readonly']);
    expect(iam.isAllowed(alice, get('b/k'))).toBe(true);
    expect(iam.isAllowed(alice, put('b/k'))).toBe(false);

    await iam.updateGroupMembers('writers', ['alice'], false);
    await iam.setPolicyMapping('writers', true, ['writeonly']);
    expect(iam.isAllowed(alice, put('b/k'))).toBe(true);
    expect(iam.effectivePolicyNames('alice')).toEqual(['readonly', 'writeonly']);

    await iam.setGroupStatus('writers', 'disabled');
    expect(iam.isAllowed(alice, put('b/k'))).toBe(false);
    expect(iam.isAllowed(alice, get('b/k'))).toBe(true);
    await iam.setGroupStatus('writers', 'enabled');
    expect(iam.isAllowed(alice, put('b/k'))).toBe(true);
  });

  it('removing a user removes its service accounts, sessions, memberships and mapping', async () => {
    const { iam, store } = await fresh();
    await iam.setUser('alice', { secretKey: 'alice-secret', status: 'enabled' });
    await iam.setPolicyMapping('alice', false, ['readwrite']);
    await iam.updateGroupMembers('team', ['alice'], false);
    const sa = await iam.addServiceAccount({ parentUser: 'alice' });
    const sts = await iam.issueTemporaryCredential({ parentUser: 'alice', durationSeconds: 900 });
    await iam.removeUser('alice');
    expect(iam.lookupNow('alice')).toBeUndefined();
    expect(iam.lookupNow(sa.accessKey)).toBeUndefined();
    expect(iam.lookupNow(sts.accessKey)).toBeUndefined();
    expect(iam.groupInfo('team').members).toEqual([]);
    expect(store.records.size).toBe(0);
    expect([...store.docs.keys()]).toEqual(['iam/groups/team.json']);
    await expect(iam.removeUser('alice')).rejects.toBeInstanceOf(AdminNoSuchUser);
  });
});

describe('groups', () => {
  it('creates on first add (empty allowed), refuses unknown members, deletes only when empty', async () => {
    const { iam } = await fresh();
    await iam.updateGroupMembers('empty', [], false);
    expect(iam.groupInfo('empty')).toMatchObject({ name: 'empty', status: 'enabled', members: [] });
    await expect(iam.updateGroupMembers('g', ['nobody'], false)).rejects.toBeInstanceOf(AdminNoSuchUser);
    await expect(iam.updateGroupMembers('g', ['rootuser'], false)).rejects.toBeInstanceOf(
      IamActionNotAllowed,
    );
    await iam.setUser('bob', { secretKey: 'bob-secret1', status: 'enabled' });
    await iam.updateGroupMembers('g', ['bob', 'bob'], false);
    expect(iam.groupInfo('g').members).toEqual(['bob']);
    expect(iam.userInfo('bob').memberOf).toEqual(['g']);
    await expect(iam.updateGroupMembers('g', [], true)).rejects.toBeInstanceOf(AdminGroupNotEmpty);
    await iam.updateGroupMembers('g', ['bob'], true);
    await iam.updateGroupMembers('g', [], true);
    expect(() => iam.groupInfo('g')).toThrow(AdminNoSuchGroup);
    expect(iam.userInfo('bob').memberOf).toEqual([]);
    await expect(iam.updateGroupMembers('g', [], true)).rejects.toBeInstanceOf(AdminNoSuchGroup);
  });
});

describe('canned policies and mappings', () => {
  it('validates, protects built-ins and refuses to remove a policy in use', async () => {
    const { iam } = await fresh();
    await expect(iam.setCannedPolicy('a,b', ONLY_B)).rejects.toBeInstanceOf(PolicyInvalidName);
    await expect(iam.setCannedPolicy('p', '{"Statement":[]}')).rejects.toBeInstanceOf(PolicyMissingVersion);
    await expect(iam.setCannedPolicy('p', '{')).rejects.toBeInstanceOf(MalformedIamPolicy);
    await expect(
      iam.setCannedPolicy('p', '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*"}]}'),
    ).rejects.toThrow(/Resource must not be empty/);
    await expect(iam.setCannedPolicy('readonly', ONLY_B)).rejects.toBeInstanceOf(IamActionNotAllowed);
    await expect(iam.deleteCannedPolicy('readwrite')).rejects.toBeInstanceOf(AdminInvalidArgument);

    await iam.setCannedPolicy('only-b', ONLY_B);
    expect(iam.policyInfo('only-b').document).toEqual(JSON.parse(ONLY_B));
    expect(iam.listPolicies().map((p) => p.name)).toEqual([
      'consoleAdmin',
      'diagnostics',
      'only-b',
      'readonly',
      'readwrite',
      'writeonly',
    ]);
    await iam.setUser('carol', { secretKey: 'carol-secret', status: 'enabled' });
    await iam.setPolicyMapping('carol', false, ['only-b']);
    await expect(iam.deleteCannedPolicy('only-b')).rejects.toBeInstanceOf(IamPolicyInUse);
    await iam.setPolicyMapping('carol', false, []);
    await iam.deleteCannedPolicy('only-b');
    await expect(iam.deleteCannedPolicy('only-b')).rejects.toBeInstanceOf(AdminNoSuchPolicy);
  });

  it('attach and detach report what changed, and refuse no-ops', async () => {
    const { iam } = await fresh();
    await iam.setUser('dave', { secretKey: 'dave-secret', status: 'enabled' });
    expect((await iam.changePolicyMapping('dave', false, ['readonly', 'writeonly'], true)).changed).toEqual([
      'readonly',
      'writeonly',
    ]);
    await expect(iam.changePolicyMapping('dave', false, ['readonly'], true)).rejects.toBeInstanceOf(
      AdminPolicyChangeAlreadyApplied,
    );
    expect((await iam.changePolicyMapping('dave', false, ['readonly', 'nope'], false)).changed).toEqual([
      'readonly',
    ]);
    await expect(iam.changePolicyMapping('dave', false, ['nope'], true)).rejects.toBeInstanceOf(
      AdminNoSuchPolicy,
    );
    await expect(iam.changePolicyMapping('nogroup', true, ['readonly'], true)).rejects.toBeInstanceOf(
      AdminNoSuchGroup,
    );
    expect(iam.policiesOfUser('dave')).toEqual(['writeonly']);
    const entities = iam.policyEntities({ users: [], groups: [], policies: ['writeonly'] });
    expect(entities.policyMappings).toEqual([{ policy: 'writeonly', users: ['dave'], groups: [] }]);
  });
});

describe('service accounts and temporary credentials', () => {
  it('inherit the parent, narrowed by a session policy, and stop with the parent', async () => {
    const { iam } = await fresh();
    await iam.setUser('erin', { secretKey: 'erin-secret', status: 'enabled' });
    await iam.setPolicyMapping('erin', false, ['readwrite']);
    const implied = await iam.addServiceAccount({ parentUser: 'erin', name: 'ci' });
    const narrow = await iam.addServiceAccount({ parentUser: 'erin', sessionPolicy: ONLY_B });
    const a = must(iam.lookupNow(implied.accessKey));
    const n = must(iam.lookupNow(narrow.accessKey));
    expect(a).toMatchObject({ kind: 'service-account', parentUser: 'erin', enabled: true });
    expect(iam.isAllowed(a, put('other/k'))).toBe(true);
    expect(iam.isAllowed(n, put('b/k'))).toBe(true);
    expect(iam.isAllowed(n, put('other/k'))).toBe(false);

    const sts = await iam.issueTemporaryCredential({
      parentUser: 'erin',
      durationSeconds: 900,
      sessionPolicy: GET_ONLY,
    });
    const t = must(iam.lookupNow(sts.accessKey));
    expect(iam.isAllowed(t, get('other/k'))).toBe(true);
    expect(iam.isAllowed(t, put('b/k'))).toBe(false);

    await iam.setUserStatus('erin', 'disabled');
    expect(iam.lookupNow(implied.accessKey)?.enabled).toBe(false);
    expect(iam.lookupNow(sts.accessKey)?.enabled).toBe(false);
    expect(iam.isAllowed(must(iam.lookupNow(implied.accessKey)), get('b/k'))).toBe(false);
  });

  it("root's restricted service account is bounded by its session policy", async () => {
    const { iam } = await fresh();
    const sa = await iam.addServiceAccount({ parentUser: 'rootuser', sessionPolicy: GET_ONLY });
    const c = must(iam.lookupNow(sa.accessKey));
    expect(iam.isAllowed(c, get('any/k'))).toBe(true);
    expect(iam.isAllowed(c, put('any/k'))).toBe(false);
    expect(iam.isAllowed(c, { action: 'admin:ListUsers' })).toBe(false);
    const unrestricted = must(
      iam.lookupNow((await iam.addServiceAccount({ parentUser: 'rootuser' })).accessKey),
    );
    expect(iam.isAllowed(unrestricted, { action: 'admin:ListUsers' })).toBe(true);
  });

  it('updates status, policy and secret; expires; deletes', async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = createMemoryIamStore();
    const iam = await IamSystem.load({ root, store, now: () => now });
    await iam.setUser('fay', { secretKey: 'fay-secret1', status: 'enabled' });
    const sa = await iam.addServiceAccount({
      parentUser: 'fay',
      accessKey: 'FAYKEY',
      secretKey: 'fay-key-secret',
      expiration: new Date(now + 3600_000),
    });
    expect(sa.expiration).toBe('2026-01-01T01:00:00.000Z');
    await expect(iam.addServiceAccount({ parentUser: 'fay', accessKey: 'FAYKEY' })).rejects.toBeInstanceOf(
      IamActionNotAllowed,
    );
    await expect(iam.addServiceAccount({ parentUser: 'nobody' })).rejects.toBeInstanceOf(AdminNoSuchUser);
    await iam.updateServiceAccount('FAYKEY', { status: 'off' });
    expect(iam.lookupNow('FAYKEY')?.enabled).toBe(false);
    await iam.updateServiceAccount('FAYKEY', {
      status: 'on',
      sessionPolicy: GET_ONLY,
      secretKey: 'new-secret-1',
    });
    expect(iam.lookupNow('FAYKEY')).toMatchObject({ enabled: true, secretKey: 'new-secret-1' });
    expect(iam.getServiceAccount('FAYKEY')?.sessionPolicy).toBe(GET_ONLY);
    await iam.updateServiceAccount('FAYKEY', { sessionPolicy: null });
    expect(iam.getServiceAccount('FAYKEY')?.sessionPolicy).toBeUndefined();
    now += 3600_000;
    expect(iam.lookupNow('FAYKEY')).toBeUndefined();
    await iam.deleteServiceAccount('FAYKEY');
    await expect(iam.deleteServiceAccount('FAYKEY')).rejects.toBeInstanceOf(AdminServiceAccountNotFound);
  });
});

describe('persistence', () => {
  it('reloads every kind of state from the object-layer store', async () => {
    const layer = fakeObjectLayer();
    const first = await IamSystem.load({ root, store: createObjectLayerIamStore(layer) });
    await first.setUser('dept/gail', { secretKey: 'gail-secret', status: 'disabled' });
    await first.updateGroupMembers('ops', ['dept/gail'], false);
    await first.setGroupStatus('ops', 'disabled');
    await first.setCannedPolicy('only-b', ONLY_B);
    await first.setPolicyMapping('ops', true, ['only-b']);
    await first.setPolicyMapping('dept/gail', false, ['readonly']);
    const sa = await first.addServiceAccount({
      parentUser: 'dept/gail',
      sessionPolicy: GET_ONLY,
      description: 'd',
    });

    expect([...layer.state.systemFiles.keys()].sort()).toEqual([
      'iam/groups/ops.json',
      'iam/policies/only-b.json',
      'iam/policydb/groups/ops.json',
      'iam/policydb/users/dept%2Fgail.json',
      `iam/service-accounts/${sa.accessKey}.json`,
      'iam/users/dept%2Fgail.json',
    ]);

    const second = await IamSystem.load({ root, store: createObjectLayerIamStore(layer) });
    expect(second.userInfo('dept/gail')).toMatchObject({
      status: 'disabled',
      policies: ['readonly'],
      memberOf: ['ops'],
    });
    expect(second.groupInfo('ops')).toMatchObject({
      status: 'disabled',
      members: ['dept/gail'],
      policies: ['only-b'],
    });
    expect(second.policyInfo('only-b').document).toEqual(JSON.parse(ONLY_B));
    expect(second.getServiceAccount(sa.accessKey)).toEqual(sa);
  });

  it('file names never leave their folder', () => {
    expect(encodeIamName('a/b')).toBe('a%2Fb');
    expect(encodeIamName('..')).toBe('%2E.');
    expect(encodeIamName('ü x%')).toBe('%C3%BC%20x%25');
    expect(encodeIamName('plain.name@x-y_z+1')).toBe('plain.name@x-y_z+1');
  });
});
