/** Admin `GET /groups` (wire doc §3.3): the group names, sorted (`[]` when none). Action admin:ListGroups. */
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { sendAdminJson } from './admin-json.js';

export async function listGroups(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListGroups');
  sendAdminJson(ctx, iamOf(ctx).listGroups());
  return Promise.resolve();
}
