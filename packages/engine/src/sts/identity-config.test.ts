import { describe, expect, it } from 'vitest';
import { staticConfig } from '../config/types.js';
import { normalizeDn } from '../iam/ldap-mappings.js';
import { escapeFilterValue, ldapSettings } from './ldap-directory.js';
import { OpenIdProviders, openIdProviderConfigs, policiesFromClaim, roleArnFor } from './openid-provider.js';

describe('OpenID provider configuration', () => {
  it('reads the claim-based and role-policy targets, and skips disabled or incomplete ones', () => {
    const config = staticConfig({
      identity_openid: {
        config_url: 'http://idp/.well-known/openid-configuration',
        client_id: 'app',
        claim_prefix: 'x/',
      },
      'identity_openid:roles': {
        config_url: 'http://idp2/c',
        client_id: 'other',
        role_policy: 'readonly, readwrite',
      },
      'identity_openid:off': { config_url: 'http://idp3/c', client_id: 'c', enable: 'off' },
      'identity_openid:half': { config_url: 'http://idp4/c' },
      region: { name: 'eu-1' },
    });
    const providers = openIdProviderConfigs(config);
    expect(providers.map((p) => [p.name, p.claimName, p.claimPrefix, p.rolePolicy, p.roleArn])).toEqual([
      ['', 'policy', 'x/', [], undefined],
      ['roles', 'policy', '', ['readonly', 'readwrite'], roleArnFor('other', 'eu-1')],
    ]);
    const set = new OpenIdProviders(providers);
    expect(set.select('').name).toBe('');
    expect(set.select(roleArnFor('other', 'eu-1')).name).toBe('roles');
    expect(() => set.select('arn:minio:iam:::role/nope')).toThrow(
      /Role arn:minio:iam:::role\/nope does not exist/,
    );
  });

  it("names a role by MinIO's ARN: base64url of the client id's SHA-1", () => {
    expect(roleArnFor('minio', '')).toBe('arn:minio:iam:::role/MHR2BeH2-q1dHO2yx5U9Mf-tP9Q');
    expect(roleArnFor('minio', 'us-east-1')).toBe(
      'arn:minio:iam:us-east-1::role/MHR2BeH2-q1dHO2yx5U9Mf-tP9Q',
    );
  });

  it('reads a policy claim as a comma-separated string or a list', () => {
    expect(policiesFromClaim('readonly, diagnostics,,')).toEqual(['readonly', 'diagnostics']);
    expect(policiesFromClaim(['a', 'b,c', 7, 'a'])).toEqual(['a', 'b', 'c']);
    expect(policiesFromClaim(undefined)).toBeUndefined();
    expect(policiesFromClaim({ a: 1 })).toBeUndefined();
  });
});

describe('LDAP configuration', () => {
  it('defaults the port by transport and reads ;-separated base DNs', () => {
    const tls = ldapSettings(staticConfig({ identity_ldap: { server_addr: 'ldap.example.com' } }));
    expect(tls).toMatchObject({ host: 'ldap.example.com', port: 636, insecure: false, startTls: false });
    const plain = ldapSettings(
      staticConfig({
        identity_ldap: {
          server_addr: '10.0.0.1',
          server_insecure: 'on',
          user_dn_search_base_dn: 'ou=a,dc=x; ou=b,dc=x',
        },
      }),
    );
    expect(plain).toMatchObject({ port: 389, insecure: true, userBaseDns: ['ou=a,dc=x', 'ou=b,dc=x'] });
    const starttls = ldapSettings(
      staticConfig({
        identity_ldap: { server_addr: '[::1]:1389', server_starttls: 'on', tls_skip_verify: 'on' },
      }),
    );
    expect(starttls).toMatchObject({ host: '::1', port: 1389, startTls: true, skipVerify: true });
    expect(ldapSettings(staticConfig({}))).toBeUndefined();
    expect(
      ldapSettings(staticConfig({ identity_ldap: { server_addr: 'h', enable: 'off' } })),
    ).toBeUndefined();
  });

  it('escapes filter values (RFC 4515) and compares DNs in a normal form', () => {
    expect(escapeFilterValue('a*b(c)\\d\0')).toBe('a\\2ab\\28c\\29\\5cd\\00');
    expect(normalizeDn('UID=Dora, OU=People ,dc=Coffer')).toBe('uid=dora,ou=people,dc=coffer');
  });
});
