/**
 * Admin `PUT /idp/ldap/add-service-account` (wire doc §3.5): an access key for an LDAP user,
 * the same request and answer as `add-service-account`. `targetUser` (username or DN) is looked up
 * in the directory with the lookup account; the key acts by the policies of that DN and of the
 * groups found now, as the user's own STS credentials do. Without `targetUser`, an LDAP user's
 * STS credentials create a key for themselves. For another user admin:CreateServiceAccount is
 * needed; without LDAP configured the call answers 400 XMinioAdminInvalidArgument.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { AccessDenied } from '../common/errors.js';
import { AdminNoSuchUser } from '../iam/errors.js';
import { identityProviders } from '../sts/identity-providers.js';
import { callerOf, requireAdminAction, requireNotDenied } from './admin-auth.js';
import { stringField } from './admin-body.js';
import { createServiceAccount, type ServiceAccountParent } from './add-service-account.js';

async function ldapParent(
  ctx: RequestContext,
  request: Record<string, unknown>,
): Promise<ServiceAccountParent> {
  const caller = callerOf(ctx);
  const targetUser = stringField(request, 'targetUser') ?? '';
  const own = caller.federation?.provider === 'ldap' ? caller : undefined;
  if (targetUser === '' || (own !== undefined && targetUser === own.parentUser)) {
    if (own === undefined)
      throw new AdminInvalidArgument('targetUser is required: the caller is no LDAP user');
    requireNotDenied(ctx, 'admin:CreateServiceAccount');
    if (own.sessionPolicy !== undefined) {
      throw new AccessDenied('Credentials restricted by a session policy cannot create service accounts');
    }
    return {
      parentUser: own.parentUser ?? '',
      ...(own.federation !== undefined ? { federation: own.federation } : {}),
    };
  }
  requireAdminAction(ctx, 'admin:CreateServiceAccount');
  const { ldap } = identityProviders(ctx.engine.config);
  if (ldap === undefined)
    throw new AdminInvalidArgument('LDAP identity provider is not configured on this server');
  const identity = await ldap.lookupIdentity(targetUser);
  if (identity === undefined) throw new AdminNoSuchUser(`LDAP user ${targetUser} does not exist`);
  return {
    parentUser: identity.userDn,
    federation: { provider: 'ldap', groups: identity.groupDns, subject: targetUser },
  };
}

export function addLdapServiceAccount(ctx: RequestContext): Promise<void> {
  return createServiceAccount(ctx, ldapParent);
}
