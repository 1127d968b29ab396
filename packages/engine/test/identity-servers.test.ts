/**
 * The test identity servers themselves (helpers/identity/): the OpenID provider issues verifiable
 * tokens through its own pages and token endpoint, and the seeded OpenLDAP answers binds and
 * group searches. The STS tests build on these.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { Client, InvalidCredentialsError } from 'ldapts';
import { codeFlowLogin } from './helpers/identity/oidc-login.js';
import { startOidcProvider, type TestOidcProvider } from './helpers/identity/oidc-provider.js';
import { startOpenLdap, type TestOpenLdap } from './helpers/identity/openldap.js';
import { requireSystemDeps } from './helpers/system-deps.js';

let idp: TestOidcProvider;
let ldap: TestOpenLdap;

beforeAll(async () => {
  await requireSystemDeps(['openldap']);
  [idp, ldap] = await Promise.all([
    startOidcProvider({
      users: [
        { username: 'ana', password: 'ana-pass', policy: 'readonly', claims: { email: 'ana@coffer.test' } },
      ],
      clients: [
        {
          clientId: 'coffer-console',
          clientSecret: 'console-secret',
          redirectUris: ['http://127.0.0.1:1/oauth_callback'],
          policy: 'readwrite',
        },
      ],
    }),
    startOpenLdap({
      users: [{ uid: 'dora', password: 'dora-pass', groups: ['writers'] }],
      groups: ['empty'],
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([idp?.close(), ldap?.destroy()]);
});

describe('test OpenID provider', () => {
  it('publishes discovery and JWKS', async () => {
    const discovery = (await (await fetch(idp.configUrl)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.jwks_uri).toBe(idp.jwksUrl);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toContain('policy');
  });

  it('signs a user in through its pages (code flow with PKCE) with the policy claim in the ID token', async () => {
    const tokens = await codeFlowLogin(idp, { username: 'ana', password: 'ana-pass' });
    const { payload } = await jwtVerify(tokens.idToken, createRemoteJWKSet(new URL(idp.jwksUrl)), {
      issuer: idp.issuer,
      audience: 'coffer-console',
    });
    expect(payload.sub).toBe('ana');
    expect(payload.policy).toBe('readonly');
  });

  it('takes new redirect URIs for a client after it started (a console whose address comes later)', async () => {
    idp.setRedirectUris('coffer-console', ['http://127.0.0.1:2/later_callback']);
    try {
      const tokens = await codeFlowLogin(idp, { username: 'ana', password: 'ana-pass' });
      expect(decodeJwt(tokens.idToken).sub).toBe('ana');
      const old = new URL(`${idp.issuer}/auth`);
      old.search = new URLSearchParams({
        client_id: 'coffer-console',
        redirect_uri: 'http://127.0.0.1:1/oauth_callback',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString();
      const refused = await fetch(old, { redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('redirect_uri did not match any of the client');
    } finally {
      idp.setRedirectUris('coffer-console', ['http://127.0.0.1:1/oauth_callback']);
    }
  });

  it('shows its sign-in form again on a wrong password', async () => {
    await expect(codeFlowLogin(idp, { username: 'ana', password: 'wrong' })).rejects.toThrow(
      /sign-in failed \(401\).*Invalid username or password/s,
    );
  });

  it('issues JWT access tokens for client credentials and short-lived tokens on request', async () => {
    idp.setTokenTtl({ accessToken: 30 });
    const token = await idp.clientCredentialsToken();
    idp.setTokenTtl({ accessToken: 3600 });
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(idp.jwksUrl)), {
      issuer: idp.issuer,
    });
    expect(payload.sub).toBe('coffer-console');
    expect(payload.policy).toBe('readwrite');
    expect(payload.aud).toBe('coffer-console');
    expect(payload.exp! - payload.iat!).toBe(30);
    const expired = decodeJwt(await idp.signToken({ sub: 'x', expiresIn: -60 }));
    expect(expired.exp!).toBeLessThan(Date.now() / 1000);
  });
});

describe('test OpenLDAP', () => {
  it('binds users, refuses wrong passwords and finds group memberships with the lookup account', async () => {
    const client = new Client({ url: ldap.url });
    try {
      await client.bind(ldap.userDn('dora'), 'dora-pass');
      await expect(client.bind(ldap.userDn('dora'), 'nope')).rejects.toBeInstanceOf(InvalidCredentialsError);
      await client.bind(ldap.lookup.dn, ldap.lookup.password);
      const { searchEntries } = await client.search(ldap.groupsDn, {
        filter: `(&(objectclass=groupOfNames)(member=${ldap.userDn('dora')}))`,
      });
      expect(searchEntries.map((e) => e.dn)).toEqual([ldap.groupDn('writers')]);
    } finally {
      await client.unbind();
    }
  });
});
