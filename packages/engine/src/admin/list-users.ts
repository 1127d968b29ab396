/**
 * Admin `GET /list-users` (wire doc §3.2): every user as `{"<accessKey>": UserInfo}`, encrypted
 * with the caller's secret. With `bucket=`, only the users whose effective policy reaches that
 * bucket (MinIO `ListBucketUsers`). With LDAP configured, the LDAP users that have policies
 * attached to their DN are listed too (`userAuthInfo.type` `ldap`, as MinIO lists them), so the
 * console's Users screen shows them. Action admin:ListUsers.
 */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { sendEncryptedJson } from './admin-body.js';
import { policyReachesBucket } from './bucket-access.js';
import { userInfoJson } from './iam-json.js';
import { identityProviders } from '../sts/identity-providers.js';
import { ldapUserInfoJson } from './ldap-policy.js';

export async function listUsers(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListUsers');
  const iam = iamOf(ctx);
  const bucket = ctx.query.get('bucket') ?? '';
  const out: Record<string, unknown> = {};
  for (const view of iam.listUsers()) {
    if (bucket !== '' && !iam.accountPolicies(view.accessKey).some((p) => policyReachesBucket(p, bucket))) {
      continue;
    }
    out[view.accessKey] = userInfoJson(view);
  }
  if (identityProviders(ctx.engine.config).ldap !== undefined) {
    for (const { user, policies } of iam.ldap.entities({ users: [], groups: [], policies: [] })
      .userMappings) {
      const docs = policies.map((name) => iam.policyByName(name)).filter((p) => p !== undefined);
      if (bucket !== '' && !docs.some((p) => policyReachesBucket(p, bucket))) continue;
      out[user] = ldapUserInfoJson(policies);
    }
  }
  await sendEncryptedJson(ctx, out);
}
