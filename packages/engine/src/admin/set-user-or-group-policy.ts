/**
 * Admin `PUT /set-user-or-group-policy?policyName=&userOrGroup=&isGroup=true|false` (wire doc
 * §3.4, legacy): replace the policies of a user or group with the comma-separated `policyName`
 * (empty clears them). Action admin:AttachUserOrGroupPolicy. With LDAP configured, a DN
 * (`uid=…,ou=…`) names an LDAP user or group (checked in the directory; a username is looked up),
 * as MinIO maps LDAP entities through this call.
 */
import type { RequestContext } from '../http/context.js';
import { splitPolicyNames } from '../iam/iam-names.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';
import { ldapResolver } from './ldap-policy.js';

export async function setUserOrGroupPolicy(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:AttachUserOrGroupPolicy');
  const isGroup = queryParam(ctx, 'isGroup') === 'true';
  const entity = queryParam(ctx, 'userOrGroup');
  const policies = splitPolicyNames(queryParam(ctx, 'policyName'));
  const toLdap = entity.includes('=') ? ldapResolver(ctx) : undefined;
  if (toLdap !== undefined)
    await iamOf(ctx).setLdapPolicyMapping(await toLdap(entity, isGroup), isGroup, policies);
  else await iamOf(ctx).setPolicyMapping(entity, isGroup, policies);
  sendEmptyOk(ctx);
}
