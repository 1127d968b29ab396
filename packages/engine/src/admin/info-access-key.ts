/**
 * Admin `GET /info-access-key?accessKey=` (wire doc §3.5): a service account or STS key,
 * encrypted `{"AccessKey", "parentUser","accountStatus","impliedPolicy","policy","name"?,
 * "description"?,"expiration"?, "userType":"Service Account"|"STS","userProvider":"builtin"|"ldap"|"openid",
 * "ldapSpecificInfo":{…},"openIDSpecificInfo":{…}}` (madmin `InfoAccessKeyResp`). The key's owner
 * may ask; others need admin:ListServiceAccounts; unknown keys → 404 XMinioAdminNoSuchAccessKey
 * (AccessDenied when the caller could not have seen it anyway). Keys of an identity provider's
 * user name it: `userProvider` `ldap` with the LDAP username, or `openid` with the `sub`.
 */
import type { RequestContext } from '../http/context.js';
import { AdminNoSuchAccessKey } from './errors.js';
import { AccessDenied } from '../common/errors.js';
import { accountOfCaller, callerMay, callerOf, iamOf } from './admin-auth.js';
import { sendEncryptedJson } from './admin-body.js';
import { reportedPolicy } from './service-account-policy.js';

export async function infoAccessKey(ctx: RequestContext): Promise<void> {
  const iam = iamOf(ctx);
  const asked = ctx.query.get('accessKey') ?? '';
  const accessKey = asked !== '' ? asked : callerOf(ctx).accessKey;
  const account = iam.getServiceAccount(accessKey);
  const temporary = account ? undefined : iam.getTemporaryCredential(accessKey);
  const parentUser = account?.parentUser ?? temporary?.parentUser;
  if (!callerMay(ctx, ['admin:ListServiceAccounts'])) {
    if (parentUser === undefined || parentUser !== accountOfCaller(ctx)) throw new AccessDenied();
  }
  if (parentUser === undefined) throw new AdminNoSuchAccessKey();
  const out: Record<string, unknown> = {
    AccessKey: accessKey,
    parentUser,
    accountStatus: account?.status ?? 'on',
    ...reportedPolicy(iam, accessKey, parentUser),
  };
  if (account?.name !== undefined) out.name = account.name;
  if (account?.description !== undefined) out.description = account.description;
  const expiration = account ? account.expiration : temporary?.expiration?.toISOString();
  if (expiration !== undefined) out.expiration = expiration;
  out.userType = account ? 'Service Account' : 'STS';
  const federation = (account ?? temporary)?.federation;
  out.userProvider = federation?.provider ?? 'builtin';
  out.ldapSpecificInfo = { username: federation?.provider === 'ldap' ? (federation.subject ?? '') : '' };
  out.openIDSpecificInfo = {
    configName: '',
    userID: federation?.provider === 'openid' ? (federation.subject ?? '') : '',
    userIDClaim: '',
    displayName: '',
    displayNameClaim: '',
  };
  await sendEncryptedJson(ctx, out);
}
