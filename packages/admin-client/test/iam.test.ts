/**
 * Every IAM call of the admin client against the real engine (a child process), signed with STS
 * temporary credentials as the console signs them — so the madmin envelopes are keyed by the
 * temporary secret both ways: users, groups, canned policies (info v=2), the legacy
 * set-user-or-group-policy and attach/detach with policy-entities, and service accounts
 * (add, info, list, update, delete), each checked by reading the state back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient, type AdminClient } from '../src/index.js';
import { startEngine, type EngineHandle } from '../../server/test/helpers/engine-process.js';

let engine: EngineHandle;
let admin: AdminClient;

const TEAM_POLICY = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::team/*'] }],
};

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  const root = createAdminClient({
    endpoint: engine.url,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
  });
  const creds = await root.assumeRole({
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
    durationSeconds: 3600,
  });
  admin = createAdminClient({
    endpoint: engine.url,
    accessKey: creds.accessKeyId,
    secretKey: creds.secretAccessKey,
    sessionToken: creds.sessionToken,
  });
});

afterAll(async () => {
  await engine?.stop();
});

describe('users', () => {
  it('add, list, info, status, remove', async () => {
    await admin.addUser('ann', 'ann-secret-1');
    await admin.addUser('ben', 'ben-secret-1', 'disabled');
    const users = await admin.listUsers();
    expect(Object.keys(users).sort()).toEqual(['ann', 'ben']);
    expect(users.ben?.status).toBe('disabled');
    expect((await admin.userInfo('ann')).status).toBe('enabled');
    await admin.setUserStatus('ben', 'enabled');
    expect((await admin.userInfo('ben')).status).toBe('enabled');
    await admin.removeUser('ben');
    await expect(admin.userInfo('ben')).rejects.toMatchObject({ code: 'XMinioAdminNoSuchUser', status: 404 });
  });
});

describe('groups', () => {
  it('create by adding, describe, status, remove members, delete when empty', async () => {
    await admin.updateGroupMembers({ group: 'devs', members: ['ann'], isRemove: false });
    expect(await admin.listGroups()).toEqual(['devs']);
    expect(await admin.groupInfo('devs')).toMatchObject({
      name: 'devs',
      status: 'enabled',
      members: ['ann'],
    });
    expect((await admin.userInfo('ann')).memberOf).toEqual(['devs']);
    await admin.setGroupStatus('devs', 'disabled');
    expect((await admin.groupInfo('devs')).status).toBe('disabled');
    const notEmpty = await admin
      .updateGroupMembers({ group: 'devs', members: [], isRemove: true })
      .catch((e: unknown) => e);
    expect(notEmpty).toBeInstanceOf(AdminApiError);
    expect(notEmpty).toMatchObject({ code: 'XMinioAdminGroupNotEmpty' });
    await admin.updateGroupMembers({ group: 'devs', members: ['ann'], isRemove: true });
    await admin.updateGroupMembers({ group: 'devs', members: [], isRemove: true });
    expect(await admin.listGroups()).toEqual([]);
  });
});

describe('canned policies and mapping', () => {
  it('add, list, info v=2, remove', async () => {
    await admin.addCannedPolicy('team', TEAM_POLICY);
    const all = await admin.listCannedPolicies();
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['consoleAdmin', 'readonly', 'team']));
    const info = await admin.infoCannedPolicy('team');
    expect(info.PolicyName).toBe('team');
    expect(info.Policy).toEqual(TEAM_POLICY);
    await expect(
      admin.addCannedPolicy('bad', '{"Version":"2012-10-17","Statement":[{"Effect":"Perhaps"}]}'),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('legacy set-user-or-group-policy replaces the list', async () => {
    await admin.setPolicy(['readonly', 'team'], { user: 'ann' });
    expect((await admin.userInfo('ann')).policyName?.split(',').sort()).toEqual(['readonly', 'team']);
    await admin.setPolicy(['readonly'], { user: 'ann' });
    expect((await admin.userInfo('ann')).policyName).toBe('readonly');
  });

  it('attach, detach and policy-entities', async () => {
    await admin.updateGroupMembers({ group: 'ops', members: [], isRemove: false });
    expect(await admin.attachPolicy({ policies: ['team'], user: 'ann' })).toMatchObject({
      policiesAttached: ['team'],
    });
    await admin.attachPolicy({ policies: ['team'], group: 'ops' });
    await expect(admin.attachPolicy({ policies: ['team'], user: 'ann' })).rejects.toMatchObject({
      code: 'XMinioAdminPolicyChangeAlreadyApplied',
    });
    const entities = await admin.policyEntities({ policies: ['team'] });
    expect(entities.policyMappings).toEqual([
      expect.objectContaining({ policy: 'team', users: ['ann'], groups: ['ops'] }),
    ]);
    await expect(admin.removeCannedPolicy('team')).rejects.toMatchObject({ code: 'XMinioIAMPolicyInUse' });
    expect(await admin.detachPolicy({ policies: ['team'], user: 'ann' })).toMatchObject({
      policiesDetached: ['team'],
    });
    await admin.detachPolicy({ policies: ['team'], group: 'ops' });
    await admin.removeCannedPolicy('team');
    await expect(admin.infoCannedPolicy('team')).rejects.toMatchObject({ code: 'XMinioAdminNoSuchPolicy' });
  });
});

describe('service accounts', () => {
  it('add (for another user, with a policy), info, list, update, delete', async () => {
    const creds = await admin.addServiceAccount({ targetUser: 'ann', policy: TEAM_POLICY, name: 'ci' });
    expect(creds.accessKey.length).toBeGreaterThanOrEqual(3);
    expect(creds.secretKey.length).toBeGreaterThanOrEqual(8);

    const info = await admin.infoServiceAccount(creds.accessKey);
    expect(info).toMatchObject({ parentUser: 'ann', accountStatus: 'on', impliedPolicy: false });
    expect(JSON.parse(info.policy)).toMatchObject({
      Statement: [expect.objectContaining({ Effect: 'Allow' })],
    });

    expect((await admin.listServiceAccounts('ann')).map((a) => a.accessKey)).toEqual([creds.accessKey]);
    // The caller's own (root's temporary credentials: root's) are separate.
    expect(await admin.listServiceAccounts()).toEqual([]);

    await admin.updateServiceAccount(creds.accessKey, { newStatus: 'off' });
    expect((await admin.infoServiceAccount(creds.accessKey)).accountStatus).toBe('off');

    await admin.deleteServiceAccount(creds.accessKey);
    expect(await admin.listServiceAccounts('ann')).toEqual([]);
    await expect(admin.deleteServiceAccount(creds.accessKey)).rejects.toMatchObject({ status: 404 });
  });
});
