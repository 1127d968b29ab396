/**
 * MinIO's own Go admin SDK against a running engine process. `test/madmin/main.go` is built with
 * Debian's golang-go and golang-github-minio-madmin-go-dev (madmin-go 2.0.7, minio-go 7.0.46) in
 * GOPATH mode — nothing downloaded — and calls ServerInfo, StorageInfo, DataUsageInfo and
 * AccountInfo; what madmin decoded comes back as JSON and is checked here against what we
 * uploaded. Usage figures come from the engine's background scanner, so they are polled with a
 * deadline rather than expected at once.
 *
 * The probe's `iam` command (test/madmin/iam.go) runs every IAM call madmin-go 2.0.7 has — users,
 * groups, canned policies, policy mapping (legacy SetPolicy and attach/detach), policy entities,
 * service accounts, the user's own secret and service accounts, STS account info — and reports
 * each step's decoded result or error code, asserted step by step below.
 */
import { minioClient } from './helpers/minio-client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { buildMadminProbe, runMadminProbe } from './helpers/madmin-probe.js';
import { requireSystemDeps } from './helpers/system-deps.js';

await requireSystemDeps(['go', 'madmin-go']);

let engine: EngineProcess;
let probe: string;
const bucketA = bucketName('madmin-a');
const bucketB = bucketName('madmin-b');
const objectsA: [string, number][] = [
  ['one.txt', 10],
  ['dir/two.bin', 2000],
  ['dir/three.bin', 300_000],
];
const objectsB: [string, number][] = [['only.bin', 5000]];
const totalSize = [...objectsA, ...objectsB].reduce((s, [, n]) => s + n, 0);

interface Drive {
  endpoint?: string;
  path?: string;
  state?: string;
  uuid?: string;
  totalspace?: number;
}
interface InfoReport {
  serverInfo: {
    mode: string;
    deploymentID: string;
    buckets: { count: number };
    objects: { count: number };
    usage: { size: number };
    servers: { state: string; endpoint: string; drives: Drive[] }[];
  } | null;
  backendType: string;
  standardParity: number;
  storageInfo: {
    Disks: { state?: string; path?: string; totalspace?: number; uuid?: string }[];
    Backend: {
      Type: number;
      StandardSCParity: number;
      OnlineDisks: Record<string, number>;
      OfflineDisks: Record<string, number> | null;
    };
  } | null;
  dataUsage: {
    lastUpdate: string;
    objectsCount: number;
    objectsTotalSize: number;
    bucketsCount: number;
    bucketsUsageInfo: Record<string, { size: number; objectsCount: number }> | null;
  } | null;
  accountInfo: {
    AccountName: string;
    Policy: unknown;
    Buckets:
      { name: string; size: number; objects: number; access: { read: boolean; write: boolean } }[] | null;
  } | null;
  errors: Record<string, string>;
}

async function info(): Promise<InfoReport> {
  const { code, report } = await runMadminProbe(probe, 'info', engine);
  const r = report as unknown as InfoReport;
  expect(r.errors, 'madmin calls failed').toEqual({});
  expect(code).toBe(0);
  return r;
}

const sum = (m: Record<string, number> | null | undefined): number =>
  Object.values(m ?? {}).reduce((a, b) => a + b, 0);

beforeAll(async () => {
  [probe, engine] = await Promise.all([buildMadminProbe(), startEngine({ drives: 4 })]);
});

afterAll(async () => {
  await engine?.destroy();
});

describe('madmin-go (Debian 2.0.7) against the engine', () => {
  it('ServerInfo: online, erasure backend with parity 2, four drives ok', async () => {
    const r = await info();
    const si = r.serverInfo;
    expect(si?.mode).toBe('online');
    expect(si?.deploymentID).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.backendType).toBe('Erasure');
    expect(r.standardParity).toBe(2);
    expect(si?.servers).toHaveLength(1);
    const drives = si?.servers[0]?.drives ?? [];
    expect(drives).toHaveLength(4);
    for (const d of drives) {
      expect(d.state).toBe('ok');
      expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(d.totalspace ?? 0).toBeGreaterThan(0);
    }
    expect(new Set(drives.map((d) => d.path)).size).toBe(4);
  });

  it('StorageInfo: four drives ok, backend type Erasure (2), 4 online / 0 offline', async () => {
    const r = await info();
    const st = r.storageInfo;
    expect(st?.Disks).toHaveLength(4);
    for (const d of st?.Disks ?? []) expect(d.state).toBe('ok');
    expect(st?.Backend.Type).toBe(2);
    expect(st?.Backend.StandardSCParity).toBe(2);
    expect(sum(st?.Backend.OnlineDisks)).toBe(4);
    expect(sum(st?.Backend.OfflineDisks)).toBe(0);
  });

  it('DataUsageInfo, ServerInfo and AccountInfo count the uploaded buckets and objects', async () => {
    const mc = minioClient(engine);
    await mc.makeBucket(bucketA);
    await mc.makeBucket(bucketB);
    for (const [k, n] of objectsA) await mc.putObject(bucketA, k, Buffer.alloc(n, 1));
    for (const [k, n] of objectsB) await mc.putObject(bucketB, k, Buffer.alloc(n, 2));

    // The figures come from the background scanner, which runs at start and then every minute:
    // restart so the start-up scan sees the uploads, then poll until they match, with a deadline
    // covering one more scan cycle.
    await engine.restart();
    const deadline = Date.now() + 90_000;
    let r = await info();
    while (Date.now() < deadline && (r.dataUsage?.objectsCount !== 4 || r.dataUsage.bucketsCount !== 2)) {
      await new Promise((res) => setTimeout(res, 1000));
      r = await info();
    }
    const du = r.dataUsage;
    expect(du?.bucketsCount).toBe(2);
    expect(du?.objectsCount).toBe(4);
    expect(du?.objectsTotalSize).toBe(totalSize);
    expect(new Date(du?.lastUpdate ?? 0).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(du?.bucketsUsageInfo?.[bucketA]).toMatchObject({ objectsCount: 3, size: 10 + 2000 + 300_000 });
    expect(du?.bucketsUsageInfo?.[bucketB]).toMatchObject({ objectsCount: 1, size: 5000 });

    expect(r.serverInfo?.buckets.count).toBe(2);
    expect(r.serverInfo?.objects.count).toBe(4);
    expect(r.serverInfo?.usage.size).toBe(totalSize);

    const ai = r.accountInfo;
    expect(ai?.AccountName).toBe(engine.accessKey);
    expect(ai?.Policy).toBeTruthy();
    const a = ai?.Buckets?.find((b) => b.name === bucketA);
    const b = ai?.Buckets?.find((x) => x.name === bucketB);
    expect(a).toMatchObject({ objects: 3, size: 10 + 2000 + 300_000, access: { read: true, write: true } });
    expect(b).toMatchObject({ objects: 1, size: 5000, access: { read: true, write: true } });
  });

  it('a wrong secret key is refused with an admin error madmin understands', async () => {
    const { code, report } = await runMadminProbe(probe, 'info', {
      ...engine,
      secretKey: `${engine.secretKey}x`,
    });
    expect(code).toBe(1);
    const errors = (report as unknown as InfoReport).errors;
    expect(errors.ServerInfo).toMatch(/^SignatureDoesNotMatch: /);
    expect(errors.StorageInfo).toMatch(/^SignatureDoesNotMatch: /);
  });
});

interface IamStep {
  ok: boolean;
  code?: string;
  error?: string;
  value?: unknown;
}

describe('madmin-go (Debian 2.0.7) IAM calls against the engine', () => {
  let steps: Record<string, IamStep>;
  let code: number;

  beforeAll(async () => {
    const r = await runMadminProbe(probe, 'iam', engine);
    steps = (r.report as unknown as { steps: Record<string, IamStep> }).steps;
    code = r.code;
  });

  const ok = (name: string): unknown => {
    const s = steps[name];
    expect(s, `step ${name} ran`).toBeDefined();
    expect(s?.error ?? '', `step ${name}`).toBe('');
    expect(s?.ok).toBe(true);
    return s?.value;
  };
  const failed = (name: string, errorCode: string): void => {
    expect(steps[name], `step ${name} ran`).toBeDefined();
    expect(steps[name]?.ok).toBe(false);
    expect(steps[name]?.code).toBe(errorCode);
  };

  it('ran every step as expected (exit status 0)', () => {
    expect(code).toBe(0);
  });

  it('canned policies: add, list with the built-ins, info (v1 and v2), remove; in use refused', () => {
    ok('AddCannedPolicy');
    expect(ok('ListCannedPolicies')).toEqual([
      'consoleAdmin',
      'diagnostics',
      'probe-policy',
      'readonly',
      'readwrite',
      'writeonly',
    ]);
    expect(ok('InfoCannedPolicy')).toMatchObject({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:*'] }],
    });
    expect(ok('InfoCannedPolicyV2')).toMatchObject({
      policyName: 'probe-policy',
      hasCreateDate: true,
      hasUpdateDate: true,
    });
    failed('InfoCannedPolicyMissing', 'XMinioAdminNoSuchPolicy');
    failed('RemoveCannedPolicyInUse', 'XMinioIAMPolicyInUse');
    ok('RemoveCannedPolicy');
    failed('InfoCannedPolicyRemoved', 'XMinioAdminNoSuchPolicy');
  });

  it('users: add, set policy, list, info, disable and enable, remove', () => {
    ok('AddUser');
    ok('SetPolicyUser');
    expect(ok('ListUsers')).toMatchObject({
      names: ['probe-user'],
      probe: { policyName: 'readonly', status: 'enabled' },
    });
    expect(ok('GetUserInfo')).toMatchObject({ policyName: 'readonly', status: 'enabled' });
    ok('SetUserStatusDisabled');
    expect(ok('GetUserInfoDisabled')).toMatchObject({ status: 'disabled' });
    ok('SetUserStatusEnabled');
    failed('GetUserInfoMissing', 'XMinioAdminNoSuchUser');
    ok('RemoveUser');
    failed('GetUserInfoRemoved', 'XMinioAdminNoSuchUser');
  });

  it('groups: create with members, describe, disable and enable, list, remove members, delete', () => {
    ok('UpdateGroupMembersAdd');
    expect(ok('GetGroupDescription')).toMatchObject({
      name: 'probe-group',
      status: 'enabled',
      members: ['probe-user'],
    });
    ok('SetGroupStatusDisabled');
    expect(ok('GetGroupDescriptionDisabled')).toMatchObject({ status: 'disabled' });
    ok('SetGroupStatusEnabled');
    expect(ok('ListGroups')).toEqual(['probe-group']);
    failed('UpdateGroupMembersUnknownUser', 'XMinioAdminNoSuchUser');
    expect(ok('GetUserInfoMemberOf')).toMatchObject({ memberOf: ['probe-group'] });
    ok('UpdateGroupMembersRemove');
    ok('RemoveGroup');
    expect(ok('ListGroupsAfterRemove')).toEqual([]);
  });

  it('policy mapping: attach to group and user, no-op refused, entities, detach, legacy SetPolicy on a group', () => {
    ok('AttachPolicyGroup');
    failed('AttachPolicyGroupAgain', 'XMinioAdminPolicyChangeAlreadyApplied');
    expect(ok('GetPolicyEntities')).toEqual([{ policy: 'probe-policy', users: [], groups: ['probe-group'] }]);
    ok('DetachPolicyGroup');
    ok('AttachPolicyUser');
    expect(ok('GetUserInfoAttached')).toMatchObject({ policyName: 'readonly,probe-policy' });
    ok('SetPolicyGroup');
    expect(ok('GetGroupDescriptionPolicy')).toMatchObject({ policy: 'readwrite' });
  });

  it('service accounts: add for a user with a restricting policy, list, info, update, delete', () => {
    expect(ok('AddServiceAccount')).toMatchObject({
      accessKey: 'PROBESERVICEACCOUNT1',
      secretKey: 'probe-service-account-secret',
    });
    expect(ok('ListServiceAccounts')).toEqual(['PROBESERVICEACCOUNT1']);
    const info = ok('InfoServiceAccount') as { policy: string };
    expect(info).toMatchObject({ parentUser: 'probe-user', accountStatus: 'on', impliedPolicy: false });
    expect(JSON.parse(info.policy)).toMatchObject({ Statement: [{ Action: ['s3:GetObject'] }] });
    ok('UpdateServiceAccount');
    expect(ok('InfoServiceAccountUpdated')).toMatchObject({ accountStatus: 'off' });
    ok('DeleteServiceAccount');
    failed('InfoServiceAccountDeleted', 'XMinioInvalidIAMCredentials');
  });

  it('the user: own account info, no admin rights, own secret changed, own service account', () => {
    const acct = ok('UserAccountInfo') as { accountName: string; policy: { Statement: unknown[] } };
    expect(acct.accountName).toBe('probe-user');
    expect(acct.policy.Statement.length).toBeGreaterThan(0);
    failed('UserListUsers', 'AccessDenied');
    expect(ok('UserGetOwnInfo')).toMatchObject({ status: 'enabled' });
    ok('UserChangeOwnSecret');
    failed('UserOldSecretRefused', 'SignatureDoesNotMatch');
    expect(ok('UserAddOwnServiceAccount')).toEqual({ accessKey: true, secretKey: true });
    expect(ok('UserListOwnServiceAccounts')).toHaveLength(1);
    ok('UserDeleteOwnServiceAccount');
  });

  it("STS: the user's temporary credentials are its account, seen by the administrator", () => {
    expect(steps.AssumeRole).toBeUndefined();
    expect(ok('TemporaryAccountInfo')).toMatchObject({
      parentUser: 'probe-user',
      accountStatus: 'on',
      impliedPolicy: true,
    });
    expect(ok('StsAccountInfo')).toEqual({ accountName: 'probe-user' });
  });
});
