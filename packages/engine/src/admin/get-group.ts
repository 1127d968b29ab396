/**
 * Admin `GET /group?group=` (wire doc §3.3): the group's GroupDesc. With LDAP configured, a group
 * DN that is no local group answers MinIO's LDAP form: its attached policies, no members (the
 * directory holds them), enabled. Action admin:GetGroup.
 */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam } from './admin-body.js';
import { sendAdminJson } from './admin-json.js';
import { groupDescJson } from './iam-json.js';
import { identityProviders } from '../sts/identity-providers.js';

export async function getGroup(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:GetGroup');
  const iam = iamOf(ctx);
  const group = queryParam(ctx, 'group');
  if (
    !iam.listGroups().includes(group) &&
    group.includes('=') &&
    identityProviders(ctx.engine.config).ldap !== undefined
  ) {
    const policies = iam.ldap.policiesOf(group, true);
    sendAdminJson(ctx, { name: group, status: 'enabled', members: [], policy: policies.join(',') });
    return Promise.resolve();
  }
  sendAdminJson(ctx, groupDescJson(iam.groupInfo(group)));
  return Promise.resolve();
}
