/**
 * STS AssumeRoleWithLDAPIdentity against a real OpenLDAP (issue 13 §2), configured through
 * MinIO's environment names, and MinIO's admin calls that attach policies to LDAP users and
 * groups by DN: right and wrong passwords, group policy mapping, a user with no policy refused as
 * MinIO refuses it, and credentials that act with exactly the mapped policies (looked up on each
 * request, so a policy attached later applies at once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminOk } from './helpers/admin-calls.js';
import { startOpenLdap, type TestOpenLdap } from './helpers/identity/openldap.js';
import {
  READ_POLICY,
  WRITE_POLICY,
  readAndWrite,
  startIdentityEngine,
  stsCall,
  type IdentityEngine,
} from './helpers/identity/sts-calls.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { staticConfig } from '../src/config/types.js';
import { LdapDirectory, ldapSettings } from '../src/sts/ldap-directory.js';

let ldap: TestOpenLdap;
let engine: IdentityEngine;

beforeAll(async () => {
  await requireSystemDeps(['openldap']);
  ldap = await startOpenLdap({
    users: [
      { uid: 'dora', password: 'dora-pass', groups: ['writers'] },
      { uid: 'alice', password: 'alice-pass' },
      { uid: 'eve', password: 'eve-pass', groups: ['nobodies'] },
    ],
    tls: true,
  });
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(ldap.identityLdapConfig())) {
    env[`MINIO_IDENTITY_LDAP_${key.toUpperCase()}`] = value;
  }
  engine = await startIdentityEngine('sts-ldap', env);
  // The group by DN with the new call, the user by DN with the classic one.
  await adminOk(engine, engine.root, 'POST', 'idp/ldap/policy/attach', {
    body: { policies: [WRITE_POLICY], group: ldap.groupDn('writers') },
    encrypt: true,
    headers: { 'content-type': 'application/octet-stream' },
  });
  await adminOk(engine, engine.root, 'PUT', 'set-user-or-group-policy', {
    query: { policyName: READ_POLICY, userOrGroup: ldap.userDn('alice'), isGroup: 'false' },
  });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await ldap?.destroy();
});

const ldapLogin = (username: string, password: string, extra: Record<string, string> = {}) =>
  stsCall(engine.url, {
    Action: 'AssumeRoleWithLDAPIdentity',
    LDAPUsername: username,
    LDAPPassword: password,
    ...extra,
  });

describe('AssumeRoleWithLDAPIdentity', () => {
  it("gives a group member credentials acting by the group's policy", async () => {
    const answer = await ldapLogin('dora', 'dora-pass');
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).toContain(
      '<AssumeRoleWithLDAPIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">',
    );
    expect(answer.body).toContain('<AssumeRoleWithLDAPIdentityResult><Credentials>');
    expect(Math.abs(Date.parse(answer.expiration) - (Date.now() + 3_600_000))).toBeLessThan(10_000);
    expect(await readAndWrite(engine.url, answer.keys)).toEqual({ get: 403, put: 200 });
  });

  it("gives a user credentials acting by the policy attached to the user's DN", async () => {
    const answer = await ldapLogin('alice', 'alice-pass', { DurationSeconds: '900' });
    expect(answer.status, answer.body).toBe(200);
    expect(await readAndWrite(engine.url, answer.keys)).toEqual({ get: 200, put: 403 });
  });

  it('refuses a wrong password and an unknown user', async () => {
    const wrong = await ldapLogin('alice', 'nope');
    expect([wrong.status, wrong.code]).toEqual([400, 'InvalidParameterValue']);
    expect(wrong.message).toBe(
      `LDAP server error: LDAP auth failed for DN ${ldap.userDn('alice')}: Invalid Credentials`,
    );
    const unknown = await ldapLogin('mallory', 'x');
    expect(unknown.message).toBe('LDAP server error: User DN not found for: mallory');
    const injected = await ldapLogin('*', 'x');
    expect(injected.message).toBe('LDAP server error: User DN not found for: *');
  });

  it('refuses a user with no policy on the DN or its groups, as MinIO does', async () => {
    const answer = await ldapLogin('eve', 'eve-pass');
    expect([answer.status, answer.code]).toEqual([400, 'InvalidParameterValue']);
    expect(answer.message).toBe(
      `expecting a policy to be set for user \`${ldap.userDn('eve')}\` or one of their groups: \`${ldap.groupDn('nobodies')}\` - rejecting this request`,
    );
  });

  it('applies a policy attached after sign-in to the running credentials, and lists the DN mappings', async () => {
    const { keys } = await ldapLogin('dora', 'dora-pass');
    await adminOk(engine, engine.root, 'POST', 'idp/ldap/policy/attach', {
      body: { policies: [READ_POLICY], user: 'dora' },
      encrypt: true,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(await readAndWrite(engine.url, keys)).toEqual({ get: 200, put: 200 });
    const entities = (await adminOk(engine, engine.root, 'GET', 'idp/ldap/policy-entities', {
      query: { policy: READ_POLICY },
      decrypt: true,
    })) as { policyMappings: { policy: string; users: string[]; groups?: string[] }[] };
    expect(entities.policyMappings).toEqual([
      { policy: READ_POLICY, users: [ldap.userDn('alice'), ldap.userDn('dora')].sort(), groups: [] },
    ]);
    // The console's Users screen lists LDAP users by DN.
    const users = (await adminOk(engine, engine.root, 'GET', 'list-users', { decrypt: true })) as Record<
      string,
      unknown
    >;
    expect(users[ldap.userDn('dora')]).toEqual({
      userAuthInfo: { type: 'ldap' },
      policyName: READ_POLICY,
      status: 'enabled',
    });
    const info = await adminOk(engine, keys, 'GET', 'user-info', {
      query: { accessKey: ldap.userDn('dora') },
    });
    expect(info).toMatchObject({ userAuthInfo: { type: 'ldap' }, policyName: READ_POLICY });
    await adminOk(engine, engine.root, 'POST', 'idp/ldap/policy/detach', {
      body: { policies: [READ_POLICY], user: ldap.userDn('dora') },
      encrypt: true,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(await readAndWrite(engine.url, keys)).toEqual({ get: 403, put: 200 });
  });

  it("shows LDAP groups with policies on the console's Groups screen calls", async () => {
    const groups = await adminOk(engine, engine.root, 'GET', 'groups');
    expect(groups).toEqual([ldap.groupDn('writers')]);
    const desc = await adminOk(engine, engine.root, 'GET', 'group', {
      query: { group: ldap.groupDn('writers') },
    });
    expect(desc).toEqual({
      name: ldap.groupDn('writers'),
      status: 'enabled',
      members: [],
      policy: WRITE_POLICY,
    });
  });

  it("creates access keys for an LDAP user that act by its groups' policies", async () => {
    const created = (await adminOk(engine, engine.root, 'PUT', 'idp/ldap/add-service-account', {
      body: { targetUser: 'dora', name: 'dora-key' },
      encrypt: true,
      decrypt: true,
    })) as { credentials: { accessKey: string; secretKey: string } };
    const keys = { accessKey: created.credentials.accessKey, secretKey: created.credentials.secretKey };
    expect(await readAndWrite(engine.url, keys)).toEqual({ get: 403, put: 200 });
    const unknown = await adminCall(engine, engine.root, 'PUT', 'idp/ldap/add-service-account', {
      body: { targetUser: 'mallory' },
      encrypt: true,
    });
    expect([unknown.status, unknown.text.includes('XMinioAdminNoSuchUser')]).toEqual([404, true]);
  });

  it('refuses to map a DN the directory does not have', async () => {
    const answer = await adminCall(engine, engine.root, 'POST', 'idp/ldap/policy/attach', {
      body: { policies: [READ_POLICY], group: `cn=ghosts,${ldap.groupsDn}` },
      encrypt: true,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(answer.status).toBe(404);
    expect(answer.text).toContain('XMinioAdminNoSuchGroup');
  });
});

describe('LDAP transport options', () => {
  /** A directory client for this server with `overrides` on top of the plain settings. */
  const directory = (overrides: Record<string, string>): LdapDirectory => {
    const settings = ldapSettings(
      staticConfig({ identity_ldap: { ...ldap.identityLdapConfig(), server_insecure: 'off', ...overrides } }),
    );
    return new LdapDirectory(settings!);
  };

  it('signs in over StartTLS and LDAPS when told to skip verifying the self-signed certificate', async () => {
    const startTls = directory({ server_starttls: 'on', tls_skip_verify: 'on' });
    expect((await startTls.authenticate('dora', 'dora-pass')).groupDns).toEqual([ldap.groupDn('writers')]);
    const ldaps = directory({ server_addr: ldap.tls!.address, tls_skip_verify: 'on' });
    expect((await ldaps.authenticate('alice', 'alice-pass')).userDn).toBe(ldap.userDn('alice'));
  });

  it('refuses an unverified certificate, and plain LDAP unless server_insecure is on', async () => {
    await expect(
      directory({ server_addr: ldap.tls!.address }).authenticate('alice', 'alice-pass'),
    ).rejects.toThrow(/LDAP server error: .*(self-signed|self signed)/);
    await expect(directory({}).authenticate('alice', 'alice-pass')).rejects.toThrow(/LDAP server error/);
  });
});
