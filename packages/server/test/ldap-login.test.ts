/**
 * LDAP users signing in through the form (issue 13 §3) against the real engine with identity_ldap
 * pointed at a real OpenLDAP (Debian's slapd, seeded by the test harness): root keeps signing in
 * with its keys, an LDAP user whose DN has a policy (attached through the console's own
 * set-policy call) signs in with name and password and sees that policy's pages, a wrong password
 * is the form's one refusal, and an LDAP session whose credentials are shorter than the session
 * renews them with AssumeRoleWithLDAPIdentity.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenLdap, type TestOpenLdap } from '../../engine/test/helpers/identity/openldap.js';
import { loadSessionKey } from '../src/session/session-key.js';
import { SessionStore, type Session } from '../src/session/session-store.js';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let ldap: TestOpenLdap;
let engine: EngineHandle;
/** Asks STS for 900 s and renews when less than 900 s are left. */
let consoleApp: RunningConsole;

async function sessionOf(client: ConsoleClient): Promise<Session> {
  const key = await loadSessionKey(consoleApp.dataDir, undefined);
  const store = await SessionStore.open({ dir: path.join(consoleApp.dataDir, 'sessions'), key });
  const session = await store.get((client.cookie ?? '').replace(/^token=/, ''));
  if (!session) throw new Error('no session');
  return session;
}

beforeAll(async () => {
  ldap = await startOpenLdap({
    users: [
      { uid: 'grace', password: 'grace-password', groups: ['engineers'] },
      { uid: 'linus', password: 'linus-password' },
    ],
  });
  engine = await startEngine({
    drives: 4,
    env: Object.fromEntries(
      Object.entries(ldap.identityLdapConfig()).map(([k, v]) => [
        `MINIO_IDENTITY_LDAP_${k.toUpperCase()}`,
        v,
      ]),
    ),
  });
  consoleApp = await startConsole(engine.url, { stsSeconds: 900, credentialRenewMarginSeconds: 900 });
  const root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
  const attached = await root.json('PUT', '/api/v1/set-policy/readwrite', {
    json: { entityName: ldap.userDn('grace'), entityType: 'user' },
  });
  expect(attached.status).toBeLessThan(300);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
  await ldap?.destroy();
});

describe('the form with LDAP configured', () => {
  it('still signs root in with its keys', async () => {
    const root = new ConsoleClient(consoleApp.url);
    await root.login(engine.accessKey, engine.secretKey);
    expect((await sessionOf(root)).via).toBe('keys');
  });

  it("signs an LDAP user in with name and password, with the DN's policy", async () => {
    const grace = new ConsoleClient(consoleApp.url);
    await grace.login('grace', 'grace-password');
    const session = await sessionOf(grace);
    expect(session.via).toBe('ldap');
    expect(session.accountName).toBe('grace');
    const pages = (await grace.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages;
    expect(pages).toContain('/buckets');
    expect(pages).not.toContain('/users');
    // The directory keeps the password: no change-password page.
    expect(pages).not.toContain('/account/change-password');
    // readwrite acts: the storage server takes the LDAP credentials.
    expect((await grace.json('POST', '/api/v1/buckets', { json: { name: 'grace-bucket' } })).status).toBe(
      201,
    );
  });

  it('refuses a wrong password, and a user without a policy, with the one form message', async () => {
    for (const [name, password] of [
      ['grace', 'not-her-password'],
      ['linus', 'linus-password'],
    ] as const) {
      const client = new ConsoleClient(consoleApp.url);
      const { status, body } = await client.json('POST', '/api/v1/login', {
        json: { accessKey: name, secretKey: password },
      });
      expect({ status, code: body.code }).toEqual({ status: 401, code: 'invalid_login' });
    }
  });

  it('renews short LDAP credentials with AssumeRoleWithLDAPIdentity', async () => {
    const grace = new ConsoleClient(consoleApp.url);
    await grace.login('grace', 'grace-password');
    const first = await sessionOf(grace);
    expect(first.renewal?.method).toBe('ldap');
    expect((await grace.json('GET', '/api/v1/buckets')).status).toBe(200);
    const next = await sessionOf(grace);
    expect(next.id).toBe(first.id);
    expect(next.credentials.accessKey).not.toBe(first.credentials.accessKey);
  });
});
