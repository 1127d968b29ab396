/**
 * Admin `GET /user-info?accessKey=` (wire doc §3.2): a user's UserInfo (plain JSON). Action
 * admin:GetUser; a user may always read its own info unless a policy explicitly denies it.
 */
import type { RequestContext } from '../http/context.js';
import { accountOfCaller, callerOf, iamOf, requireAdminAction, requireNotDenied } from './admin-auth.js';
import { queryParam } from './admin-body.js';
import { sendAdminJson } from './admin-json.js';
import { userInfoJson } from './iam-json.js';

export async function userInfo(ctx: RequestContext): Promise<void> {
  const name = queryParam(ctx, 'accessKey');
  const self = name === callerOf(ctx).accessKey || name === accountOfCaller(ctx);
  if (self) requireNotDenied(ctx, 'admin:GetUser');
  else requireAdminAction(ctx, 'admin:GetUser');
  sendAdminJson(ctx, userInfoJson(iamOf(ctx).userInfo(name)));
  return Promise.resolve();
}
