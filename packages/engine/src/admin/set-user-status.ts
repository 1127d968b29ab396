/**
 * Admin `PUT /set-user-status?accessKey=&status=enabled|disabled` (wire doc §3.2). Action
 * admin:EnableUser (admin:DisableUser also accepted when disabling). Root's status and the
 * caller's own cannot be changed. Takes effect on the user's next request.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { IamActionNotAllowed } from '../iam/errors.js';
import { InvalidRequest } from '../common/errors.js';
import { accountOfCaller, iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

export async function setUserStatus(ctx: RequestContext): Promise<void> {
  const accessKey = queryParam(ctx, 'accessKey');
  const status = queryParam(ctx, 'status');
  if (status === 'disabled') requireAdminAction(ctx, 'admin:EnableUser', 'admin:DisableUser');
  else requireAdminAction(ctx, 'admin:EnableUser');
  const iam = iamOf(ctx);
  if (accessKey === iam.root.accessKey) throw new InvalidRequest('The root user status cannot be changed');
  if (accessKey === accountOfCaller(ctx)) throw new IamActionNotAllowed('You cannot change your own status');
  if (status !== 'enabled' && status !== 'disabled') {
    throw new AdminInvalidArgument(`invalid status '${status}', expecting enabled or disabled`);
  }
  await iam.setUserStatus(accessKey, status);
  sendEmptyOk(ctx);
}
