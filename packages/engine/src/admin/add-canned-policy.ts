/**
 * Admin `PUT /add-canned-policy?name=` (wire doc §3.4): create or replace a canned policy from
 * the raw policy JSON body (plain, 1 byte to 20 KiB). Names without leading/trailing spaces
 * (XMinioInvalidResource) and without commas (PolicyInvalidName); the document needs a Version
 * (MalformedPolicy) and must parse and validate (XMinioMalformedIAMPolicy). Built-in policies
 * cannot be changed. Action admin:CreatePolicy.
 */
import type { RequestContext } from '../http/context.js';
import { checkPolicyName } from '../iam/iam-names.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { MAX_POLICY_BODY, queryParam, readPlainBody, sendEmptyOk } from './admin-body.js';

export async function addCannedPolicy(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:CreatePolicy');
  const name = queryParam(ctx, 'name');
  checkPolicyName(name);
  const body = await readPlainBody(ctx, MAX_POLICY_BODY);
  await iamOf(ctx).setCannedPolicy(name, body.toString('utf8'));
  sendEmptyOk(ctx);
}
