/**
 * Admin `GET /user-info?accessKey=` (wire doc §3.2): a user's UserInfo (plain JSON). Action
 * admin:GetUser; a user may always read its own info unless a policy explicitly denies it.
 * With LDAP configured, a DN that is no local user answers as MinIO does for LDAP users: the
 * policies attached to the DN (an LDAP user reading its own info signs with its STS credentials).
 */
import type { RequestContext } from '../http/context.js';
import { accountOfCaller, callerOf, iamOf, requireAdminAction, requireNotDenied } from './admin-auth.js';
import { queryParam } from './admin-body.js';
import { sendAdminJson } from './admin-json.js';
import { userInfoJson } from './iam-json.js';
import { identityProviders } from '../sts/identity-providers.js';
import { ldapUserInfoJson } from './ldap-policy.js';

export async function userInfo(ctx: RequestContext): Promise<void> {
  const name = queryParam(ctx, 'accessKey');
  const self = name === callerOf(ctx).accessKey || name === accountOfCaller(ctx);
  if (self) requireNotDenied(ctx, 'admin:GetUser');
  else requireAdminAction(ctx, 'admin:GetUser');
  const iam = iamOf(ctx);
  if (!iam.hasUser(name) && name.includes('=') && identityProviders(ctx.engine.config).ldap !== undefined) {
    sendAdminJson(ctx, ldapUserInfoJson(iam.ldap.policiesOf(name, false)));
    return Promise.resolve();
  }
  sendAdminJson(ctx, userInfoJson(iam.userInfo(name)));
  return Promise.resolve();
}
