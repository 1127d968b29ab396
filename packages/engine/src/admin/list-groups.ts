/**
 * Admin `GET /groups` (wire doc §3.3): the group names, sorted (`[]` when none). With LDAP
 * configured, the group DNs that have policies attached follow (MinIO lists those for LDAP).
 * Action admin:ListGroups.
 */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { sendAdminJson } from './admin-json.js';
import { ldapGroupDns } from './ldap-policy.js';

export async function listGroups(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListGroups');
  sendAdminJson(ctx, [...iamOf(ctx).listGroups(), ...ldapGroupDns(ctx)]);
  return Promise.resolve();
}
