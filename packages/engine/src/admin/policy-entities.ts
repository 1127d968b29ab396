/**
 * Admin `GET /idp/builtin/policy-entities?user=…&group=…&policy=…` (wire doc §3.4): policy
 * mappings filtered by the repeated `user`, `group` and `policy` parameters (none → all mappings),
 * encrypted:
 * `{"timestamp","userMappings":[{"user","policies","memberOfMappings":[{"group","policies"}]}],
 *   "groupMappings":[{"group","policies"}],"policyMappings":[{"policy","users","groups"}]}`
 * (empty lists omitted, as madmin's `omitempty`). Action admin:ListGroups, admin:ListUsers or
 * admin:ListUserPolicies.
 */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { sendEncryptedJson } from './admin-body.js';
import { goTime } from './admin-json.js';

export async function policyEntities(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListGroups', 'admin:ListUsers', 'admin:ListUserPolicies');
  const iam = iamOf(ctx);
  const result = iam.policyEntities({
    users: ctx.query.getAll('user'),
    groups: ctx.query.getAll('group'),
    policies: ctx.query.getAll('policy'),
  });
  await sendPolicyEntities(ctx, result);
}

/** The encrypted answer, empty lists left out (madmin's `omitempty`); shared with the LDAP call. */
export async function sendPolicyEntities(
  ctx: RequestContext,
  result: { userMappings: unknown[]; groupMappings: unknown[]; policyMappings: unknown[] },
): Promise<void> {
  const out: Record<string, unknown> = { timestamp: goTime(new Date()) };
  if (result.userMappings.length > 0) out.userMappings = result.userMappings;
  if (result.groupMappings.length > 0) out.groupMappings = result.groupMappings;
  if (result.policyMappings.length > 0) out.policyMappings = result.policyMappings;
  await sendEncryptedJson(ctx, out);
}
