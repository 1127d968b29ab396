/**
 * Admin `GET /info-service-account?accessKey=` (wire doc §3.5): encrypted
 * `{"parentUser","accountStatus","impliedPolicy","policy","name"?,"description"?,"expiration"?}`.
 * Its owner may ask; anyone else needs admin:ListServiceAccounts. Unknown key → 404
 * XMinioInvalidIAMCredentials.
 */
import type { RequestContext } from '../http/context.js';
import { AdminServiceAccountNotFound } from '../iam/errors.js';
import { AccessDenied } from '../common/errors.js';
import { accountOfCaller, callerMay, iamOf } from './admin-auth.js';
import { queryParam, sendEncryptedJson } from './admin-body.js';
import { reportedPolicy } from './service-account-policy.js';

export async function infoServiceAccount(ctx: RequestContext): Promise<void> {
  const iam = iamOf(ctx);
  const account = iam.getServiceAccount(queryParam(ctx, 'accessKey'));
  if (!account) throw new AdminServiceAccountNotFound();
  if (!callerMay(ctx, ['admin:ListServiceAccounts']) && accountOfCaller(ctx) !== account.parentUser) {
    throw new AccessDenied();
  }
  const out: Record<string, unknown> = {
    parentUser: account.parentUser,
    accountStatus: account.status,
    ...reportedPolicy(iam, account.accessKey, account.parentUser),
  };
  if (account.name !== undefined) out.name = account.name;
  if (account.description !== undefined) out.description = account.description;
  if (account.expiration !== undefined) out.expiration = account.expiration;
  await sendEncryptedJson(ctx, out);
}
