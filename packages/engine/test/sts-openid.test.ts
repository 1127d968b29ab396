/**
 * STS AssumeRoleWithWebIdentity and AssumeRoleWithClientGrants against the real test OpenID
 * provider (issue 13 §1), configured through MinIO's environment names: valid tokens (from the
 * provider's own code flow and token endpoint) give credentials that act with exactly the claimed
 * policy; expired, wrong-audience, tampered and policy-less tokens are refused in MinIO's STS shape.
 * The same settings stored through `set-config-kv` act after the in-place restart.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { roleArnFor } from '../src/sts/openid-provider.js';
import { adminCall, adminOk } from './helpers/admin-calls.js';
import { codeFlowLogin } from './helpers/identity/oidc-login.js';
import { startOidcProvider, tamper, type TestOidcProvider } from './helpers/identity/oidc-provider.js';
import {
  READ_POLICY,
  WRITE_POLICY,
  readAndWrite,
  startIdentityEngine,
  stsCall,
  type IdentityEngine,
} from './helpers/identity/sts-calls.js';

let idp: TestOidcProvider;
let engine: IdentityEngine;

beforeAll(async () => {
  idp = await startOidcProvider({
    users: [
      { username: 'ana', password: 'ana-pass', policy: READ_POLICY },
      { username: 'ghost', password: 'ghost-pass', policy: 'no-such-policy' },
    ],
    clients: [
      {
        clientId: 'coffer-console',
        clientSecret: 'console-secret',
        redirectUris: ['http://127.0.0.1:1/oauth_callback'],
        policy: [WRITE_POLICY],
      },
    ],
  });
  engine = await startIdentityEngine('sts-openid', {
    MINIO_IDENTITY_OPENID_CONFIG_URL: idp.configUrl,
    MINIO_IDENTITY_OPENID_CLIENT_ID: 'coffer-console',
    MINIO_IDENTITY_OPENID_CLIENT_SECRET: 'console-secret',
    // A second, role-policy provider (named target `role`): addressed by its RoleArn.
    MINIO_IDENTITY_OPENID_ENABLE_ROLE: 'on',
    MINIO_IDENTITY_OPENID_CONFIG_URL_ROLE: idp.configUrl,
    MINIO_IDENTITY_OPENID_CLIENT_ID_ROLE: 'role-app',
    MINIO_IDENTITY_OPENID_ROLE_POLICY_ROLE: WRITE_POLICY,
  });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await idp?.close();
});

const webIdentity = (token: string, extra: Record<string, string> = {}) =>
  stsCall(engine.url, { Action: 'AssumeRoleWithWebIdentity', WebIdentityToken: token, ...extra });
const clientGrants = (token: string, extra: Record<string, string> = {}) =>
  stsCall(engine.url, { Action: 'AssumeRoleWithClientGrants', Token: token, ...extra });

describe('AssumeRoleWithWebIdentity', () => {
  it('turns an ID token from the code flow into credentials with exactly the claimed policy', async () => {
    const { idToken } = await codeFlowLogin(idp, { username: 'ana', password: 'ana-pass' });
    const answer = await webIdentity(idToken, { DurationSeconds: '900' });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).toContain(
      '<AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">',
    );
    expect(answer.pick('SubjectFromWebIdentityToken')).toBe('ana');
    const expires = Date.parse(answer.expiration);
    expect(Math.abs(expires - (Date.now() + 900_000))).toBeLessThan(10_000);
    // readonly on the bucket: reading works, writing is denied.
    expect(await readAndWrite(engine.url, answer.keys)).toEqual({ get: 200, put: 403 });
    // What the console reads to show the pages the claim's policy allows.
    const info = (await adminOk(engine, answer.keys, 'GET', 'accountinfo', {})) as { Policy: unknown };
    expect(JSON.stringify(info.Policy)).toContain('s3:GetObject');
    expect(JSON.stringify(info.Policy)).not.toContain('s3:PutObject');
  });

  it('lets the signed-in user create an access key that acts by the same claimed policy', async () => {
    const token = await idp.signToken({ sub: 'ana', claims: { policy: READ_POLICY } });
    const { keys } = await webIdentity(token);
    const created = (await adminOk(engine, keys, 'PUT', 'add-service-account', {
      body: { name: 'ana-key' },
      encrypt: true,
      decrypt: true,
    })) as { credentials: { accessKey: string; secretKey: string } };
    const accessKey = { accessKey: created.credentials.accessKey, secretKey: created.credentials.secretKey };
    expect(await readAndWrite(engine.url, accessKey)).toEqual({ get: 200, put: 403 });
    const listed = (await adminOk(engine, keys, 'GET', 'list-service-accounts', { decrypt: true })) as {
      accounts: { accessKey: string }[];
    };
    expect(listed.accounts.map((a) => a.accessKey)).toContain(accessKey.accessKey);
    const info = await adminOk(engine, keys, 'GET', 'info-access-key', {
      query: { accessKey: accessKey.accessKey },
      decrypt: true,
    });
    expect(info).toMatchObject({
      userType: 'Service Account',
      userProvider: 'openid',
      openIDSpecificInfo: { userID: 'ana' },
    });
  });

  it('keeps the token expiry without DurationSeconds and refuses a DurationSeconds out of range', async () => {
    const token = await idp.signToken({ sub: 'ana', expiresIn: 1200, claims: { policy: READ_POLICY } });
    const answer = await webIdentity(token);
    expect(answer.status, answer.body).toBe(200);
    expect(Math.abs(Date.parse(answer.expiration) - (Date.now() + 1_200_000))).toBeLessThan(10_000);
    const tooShort = await webIdentity(token, { DurationSeconds: '60' });
    expect([tooShort.status, tooShort.code]).toEqual([400, 'InvalidParameterValue']);
  });

  it('refuses an expired token with ExpiredToken', async () => {
    const token = await idp.signToken({ sub: 'ana', expiresIn: -60, claims: { policy: READ_POLICY } });
    const answer = await webIdentity(token);
    expect([answer.status, answer.code]).toEqual([400, 'ExpiredToken']);
    expect(answer.message).toMatch(/web identity token that was passed is expired/);
    expect(answer.body).toContain(
      '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type></Type>',
    );
  });

  it('refuses a token for another audience', async () => {
    const token = await idp.signToken({ sub: 'ana', aud: 'another-app', claims: { policy: READ_POLICY } });
    const answer = await webIdentity(token);
    expect([answer.status, answer.code]).toEqual([400, 'InvalidParameterValue']);
    expect(answer.message).toMatch(/`azp` must match configured OpenID Client ID/);
  });

  it('accepts an audience list naming the client, and azp naming it', async () => {
    const listed = await idp.signToken({
      sub: 'ana',
      aud: ['x', 'coffer-console'],
      claims: { policy: READ_POLICY },
    });
    expect((await webIdentity(listed)).status).toBe(200);
    const azp = await idp.signToken({
      sub: 'ana',
      aud: 'x',
      claims: { azp: 'coffer-console', policy: READ_POLICY },
    });
    expect((await webIdentity(azp)).status).toBe(200);
  });

  it('refuses a tampered token and one from another issuer', async () => {
    const { idToken } = await codeFlowLogin(idp, { username: 'ana', password: 'ana-pass' });
    const tampered = await webIdentity(tamper(idToken));
    expect([tampered.status, tampered.code]).toEqual([400, 'InvalidParameterValue']);
    expect(tampered.message).toMatch(/signature/i);
    const foreign = await webIdentity(
      await idp.signToken({ sub: 'ana', iss: 'https://evil.example', claims: { policy: READ_POLICY } }),
    );
    expect([foreign.status, foreign.code]).toEqual([400, 'InvalidParameterValue']);
  });

  it('refuses tokens without the policy claim or naming no existing policy, and without sub', async () => {
    const none = await webIdentity(await idp.signToken({ sub: 'ana' }));
    expect(none.message).toBe('policy claim missing from the JWT token, credentials will not be generated');
    const { idToken } = await codeFlowLogin(idp, { username: 'ghost', password: 'ghost-pass' });
    const unknown = await webIdentity(idToken);
    expect([unknown.status, unknown.code]).toEqual([400, 'InvalidParameterValue']);
    expect(unknown.message).toMatch(/None of the given policies \(`no-such-policy`\) are defined/);
    const noSub = await webIdentity(await idp.signToken({ claims: { policy: READ_POLICY } }));
    expect(noSub.message).toMatch(/`sub` claim is mandatory/);
  });

  it("gives a role provider's token the role policy when the RoleArn names it", async () => {
    const token = await idp.signToken({ sub: 'bo', aud: 'role-app' });
    const roleArn = roleArnFor('role-app', '');
    const answer = await webIdentity(token, { RoleArn: roleArn });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.pick('Arn')).toBe(roleArn);
    expect(await readAndWrite(engine.url, answer.keys)).toEqual({ get: 403, put: 200 });
    // The claim-based provider's client is not the role's audience.
    const wrong = await webIdentity(await idp.signToken({ sub: 'bo', aud: 'coffer-console' }), {
      RoleArn: roleArn,
    });
    expect(wrong.message).toMatch(/`azp` must match/);
    const unknown = await webIdentity(token, { RoleArn: 'arn:minio:iam:::role/nope' });
    expect([unknown.status, unknown.code]).toEqual([400, 'InvalidParameterValue']);
  });

  it('answers MissingParameter without a token', async () => {
    const answer = await stsCall(engine.url, { Action: 'AssumeRoleWithWebIdentity' });
    expect([answer.status, answer.code]).toEqual([400, 'MissingParameter']);
  });
});

describe('AssumeRoleWithClientGrants', () => {
  it("turns a client-credentials access token into credentials with the client's policy", async () => {
    const answer = await clientGrants(await idp.clientCredentialsToken());
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).toContain('<AssumeRoleWithClientGrantsResponse');
    expect(answer.pick('SubjectFromToken')).toBe('coffer-console');
    // write-only on the bucket: writing works, reading is denied.
    expect(await readAndWrite(engine.url, answer.keys)).toEqual({ get: 403, put: 200 });
  });

  it('refuses expired, wrong-audience and tampered tokens', async () => {
    const expired = await clientGrants(
      await idp.signToken({ sub: 'svc', expiresIn: -5, claims: { policy: WRITE_POLICY } }),
    );
    expect([expired.status, expired.code]).toEqual([400, 'ExpiredToken']);
    expect(expired.message).toMatch(/client grants that was passed is expired/);
    const wrongAud = await clientGrants(
      await idp.signToken({ sub: 'svc', aud: 'other', claims: { policy: WRITE_POLICY } }),
    );
    expect([wrongAud.status, wrongAud.code]).toEqual([400, 'InvalidParameterValue']);
    const tampered = await clientGrants(tamper(await idp.clientCredentialsToken()));
    expect([tampered.status, tampered.code]).toEqual([400, 'InvalidParameterValue']);
  });
});

describe('identity_openid set through the admin API', () => {
  it('acts after the in-place restart, as a restart-only sub-system', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coffer-sts-openid-'));
    const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
    for (const d of drives) await mkdir(d);
    const root = { accessKey: 'kvadmin', secretKey: 'kvadmin-secret-123' };
    const server = await createEngine({
      address: '127.0.0.1:0',
      drives,
      dataDir: dir,
      rootUser: root.accessKey,
      rootPassword: root.secretKey,
      env: {},
    });
    try {
      const kv = Object.entries(idp.identityOpenIdConfig())
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      const set = await adminCall(server, root, 'PUT', 'set-config-kv', {
        body: `identity_openid ${kv}`,
        encrypt: true,
        region: '',
      });
      expect(set.status, set.text).toBe(200);
      expect(set.headers.get('x-minio-config-applied')).toBeNull();
      const token = await idp.signToken({ sub: 'ana', claims: { policy: 'readonly' } });
      const params = { Action: 'AssumeRoleWithWebIdentity', WebIdentityToken: token };
      expect((await stsCall(server.url, params)).message).toBe(
        'OpenID identity provider is not configured on this server',
      );
      await server.restart();
      const answer = await stsCall(server.url, params);
      expect(answer.status, answer.body).toBe(200);
      expect(answer.pick('SubjectFromWebIdentityToken')).toBe('ana');
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
