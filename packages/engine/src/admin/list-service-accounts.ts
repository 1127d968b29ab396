/**
 * Admin `GET /list-service-accounts[?user=]` (wire doc §3.5): the service accounts of a user
 * (default: the caller's account), encrypted `{"accounts":[ServiceAccountInfo…]}` — or
 * `{"accounts":["AK",…]}` for madmin-go before v3 (see ./iam-json.ts). Another user's list needs
 * admin:ListServiceAccounts.
 */
import type { RequestContext } from '../http/context.js';
import { accountOfCaller, callerOf, iamOf, requireAdminAction } from './admin-auth.js';
import { sendEncryptedJson } from './admin-body.js';
import { isLegacyMadmin, serviceAccountInfoJson } from './iam-json.js';

export async function listServiceAccounts(ctx: RequestContext): Promise<void> {
  const iam = iamOf(ctx);
  const user = ctx.query.get('user') ?? '';
  const self = accountOfCaller(ctx);
  let target = self;
  if (user !== '' && user !== callerOf(ctx).accessKey && user !== self) {
    requireAdminAction(ctx, 'admin:ListServiceAccounts');
    target = user;
  }
  const accounts = iam.listServiceAccounts(target);
  await sendEncryptedJson(ctx, {
    accounts: isLegacyMadmin(ctx) ? accounts.map((a) => a.accessKey) : accounts.map(serviceAccountInfoJson),
  });
}
