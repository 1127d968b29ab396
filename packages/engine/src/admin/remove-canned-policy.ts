/**
 * Admin `DELETE /remove-canned-policy?name=` (wire doc §3.4). A policy attached to a user or
 * group → XMinioIAMPolicyInUse; built-ins cannot be removed. Action admin:DeletePolicy.
 */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

export async function removeCannedPolicy(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:DeletePolicy');
  await iamOf(ctx).deleteCannedPolicy(queryParam(ctx, 'name'));
  sendEmptyOk(ctx);
}
