/**
 * The identity-provider variants of STS (wire doc §4.3): AssumeRoleWithWebIdentity,
 * AssumeRoleWithClientGrants, AssumeRoleWithLDAPIdentity, AssumeRoleWithCertificate and
 * AssumeRoleWithCustomToken. No identity provider can be configured yet (OpenID and LDAP come in a
 * later issue), so after the parameter checks MinIO makes (Version, Action, the token or
 * username/password being present) each answers 400 InvalidParameterValue "… is not configured",
 * which is what a MinIO server without that provider tells a client.
 */
import type { RequestContext } from '../http/context.js';
import { InvalidParameterValue, MissingParameter } from './errors.js';
import { checkVersion, readStsForm } from './sts-form.js';

export const SSO_ACTIONS = [
  'AssumeRoleWithWebIdentity',
  'AssumeRoleWithClientGrants',
  'AssumeRoleWithLDAPIdentity',
  'AssumeRoleWithCertificate',
  'AssumeRoleWithCustomToken',
] as const;

function requireParam(form: URLSearchParams, name: string): void {
  if (!form.get(name)) throw new MissingParameter(`${name} is required`);
}

export async function assumeRoleWithSso(ctx: RequestContext): Promise<void> {
  const form = await readStsForm(ctx);
  checkVersion(form);
  const action = form.get('Action') ?? '';
  switch (action) {
    case 'AssumeRoleWithWebIdentity':
      requireParam(form, 'WebIdentityToken');
      throw new InvalidParameterValue('OpenID identity provider is not configured on this server');
    case 'AssumeRoleWithClientGrants':
      requireParam(form, 'Token');
      throw new InvalidParameterValue('OpenID identity provider is not configured on this server');
    case 'AssumeRoleWithLDAPIdentity':
      requireParam(form, 'LDAPUsername');
      requireParam(form, 'LDAPPassword');
      throw new InvalidParameterValue('LDAP identity provider is not configured on this server');
    case 'AssumeRoleWithCertificate':
      throw new InvalidParameterValue('certificate authentication (mTLS) is not configured on this server');
    case 'AssumeRoleWithCustomToken':
      throw new InvalidParameterValue('no identity plugin is configured on this server');
    default:
      throw new InvalidParameterValue(`Unsupported action ${action}`);
  }
}
