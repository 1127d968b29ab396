/**
 * The identity-provider variants of STS (wire doc §4.3): AssumeRoleWithWebIdentity and
 * AssumeRoleWithClientGrants (`assume-role-with-web-token.ts`, the `identity_openid` providers),
 * AssumeRoleWithLDAPIdentity (`assume-role-with-ldap.ts`, `identity_ldap`). Without a configured
 * provider, and for AssumeRoleWithCertificate and AssumeRoleWithCustomToken (not served), each
 * answers 400 InvalidParameterValue "… is not configured" after MinIO's parameter checks, which
 * is what a MinIO server without that provider tells a client.
 */
import type { RequestContext } from '../http/context.js';
import { InvalidParameterValue } from './errors.js';
import { checkVersion, readStsForm } from './sts-form.js';
import { assumeRoleWithLdap } from './assume-role-with-ldap.js';
import { assumeRoleWithWebToken } from './assume-role-with-web-token.js';

export const SSO_ACTIONS = [
  'AssumeRoleWithWebIdentity',
  'AssumeRoleWithClientGrants',
  'AssumeRoleWithLDAPIdentity',
  'AssumeRoleWithCertificate',
  'AssumeRoleWithCustomToken',
] as const;

export async function assumeRoleWithSso(ctx: RequestContext): Promise<void> {
  const form = await readStsForm(ctx);
  checkVersion(form);
  const action = form.get('Action') ?? '';
  switch (action) {
    case 'AssumeRoleWithWebIdentity':
    case 'AssumeRoleWithClientGrants':
      return assumeRoleWithWebToken(ctx, form, action);
    case 'AssumeRoleWithLDAPIdentity':
      return assumeRoleWithLdap(ctx, form);
    case 'AssumeRoleWithCertificate':
      throw new InvalidParameterValue('certificate authentication (mTLS) is not configured on this server');
    case 'AssumeRoleWithCustomToken':
      throw new InvalidParameterValue('no identity plugin is configured on this server');
    default:
      throw new InvalidParameterValue(`Unsupported action ${action}`);
  }
}
