/**
 * Admin `PUT /set-group-status?group=&status=enabled|disabled` (wire doc §3.3). Action
 * admin:EnableGroup (admin:DisableGroup also accepted when disabling). A disabled group's policies
 * stop applying to its members on their next request.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

export async function setGroupStatus(ctx: RequestContext): Promise<void> {
  const status = queryParam(ctx, 'status');
  if (status === 'disabled') requireAdminAction(ctx, 'admin:EnableGroup', 'admin:DisableGroup');
  else requireAdminAction(ctx, 'admin:EnableGroup');
  if (status !== 'enabled' && status !== 'disabled') {
    throw new AdminInvalidArgument(`invalid status '${status}', expecting enabled or disabled`);
  }
  await iamOf(ctx).setGroupStatus(queryParam(ctx, 'group'), status);
  sendEmptyOk(ctx);
}
