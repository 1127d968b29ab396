/**
 * Admin `DELETE /delete-service-account?accessKey=` (wire doc §3.5): 204. Its owner may delete
 * it; anyone else needs admin:RemoveServiceAccount. An unknown key, or another user's key without
 * that permission, is 404 XMinioInvalidIAMCredentials (MinIO hides which, against guessing). The
 * key stops working at once.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { AdminServiceAccountNotFound } from '../iam/errors.js';
import { accountOfCaller, callerMay, iamOf } from './admin-auth.js';
import { queryParam, sendNoContent } from './admin-body.js';

export async function deleteServiceAccount(ctx: RequestContext): Promise<void> {
  const iam = iamOf(ctx);
  const accessKey = queryParam(ctx, 'accessKey');
  if (accessKey === '') throw new AdminInvalidArgument('accessKey is required');
  const account = iam.getServiceAccount(accessKey);
  if (!account) throw new AdminServiceAccountNotFound();
  if (!callerMay(ctx, ['admin:RemoveServiceAccount']) && accountOfCaller(ctx) !== account.parentUser) {
    throw new AdminServiceAccountNotFound();
  }
  await iam.deleteServiceAccount(accessKey);
  sendNoContent(ctx);
}
