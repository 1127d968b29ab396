/**
 * Admin `DELETE /remove-user?accessKey=` (wire doc §3.2): remove a user with its service
 * accounts, temporary credentials, group memberships and policy mapping. Action admin:DeleteUser;
 * not for root, the caller itself, service accounts or temporary credentials.
 */
import type { RequestContext } from '../http/context.js';
import { IamActionNotAllowed } from '../iam/errors.js';
import { InvalidRequest } from '../common/errors.js';
import { accountOfCaller, callerOf, iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

export async function removeUser(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:DeleteUser');
  const iam = iamOf(ctx);
  const accessKey = queryParam(ctx, 'accessKey');
  if (
    accessKey === iam.root.accessKey ||
    accessKey === callerOf(ctx).accessKey ||
    accessKey === accountOfCaller(ctx)
  ) {
    throw new InvalidRequest('The root user and the calling user cannot be removed');
  }
  if (iam.getServiceAccount(accessKey) || iam.getTemporaryCredential(accessKey)) {
    throw new IamActionNotAllowed('Service accounts and temporary credentials are not users');
  }
  await iam.removeUser(accessKey);
  sendEmptyOk(ctx);
}
