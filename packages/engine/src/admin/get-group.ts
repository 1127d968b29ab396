/** Admin `GET /group?group=` (wire doc §3.3): the group's GroupDesc. Action admin:GetGroup. */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam } from './admin-body.js';
import { sendAdminJson } from './admin-json.js';
import { groupDescJson } from './iam-json.js';

export async function getGroup(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:GetGroup');
  sendAdminJson(ctx, groupDescJson(iamOf(ctx).groupInfo(queryParam(ctx, 'group'))));
  return Promise.resolve();
}
