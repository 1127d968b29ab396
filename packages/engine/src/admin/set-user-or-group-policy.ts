/**
 * Admin `PUT /set-user-or-group-policy?policyName=&userOrGroup=&isGroup=true|false` (wire doc
 * §3.4, legacy): replace the policies of a user or group with the comma-separated `policyName`
 * (empty clears them). Action admin:AttachUserOrGroupPolicy.
 */
import type { RequestContext } from '../http/context.js';
import { splitPolicyNames } from '../iam/iam-names.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

export async function setUserOrGroupPolicy(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:AttachUserOrGroupPolicy');
  const isGroup = queryParam(ctx, 'isGroup') === 'true';
  await iamOf(ctx).setPolicyMapping(
    queryParam(ctx, 'userOrGroup'),
    isGroup,
    splitPolicyNames(queryParam(ctx, 'policyName')),
  );
  sendEmptyOk(ctx);
}
