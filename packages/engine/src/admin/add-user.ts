/**
 * Admin `PUT /add-user?accessKey=` (wire doc §3.2): create a user or change its secret and
 * status. The body is encrypted (`{"secretKey","status","policy"?}`).
 *
 * Action admin:CreateUser — except for the caller's own access key: a user may change its own
 * secret unless a policy explicitly denies admin:CreateUser (MinIO's deny-only check). This is
 * the account's "change password": madmin's `SetUser(ownAccessKey, newSecret, "enabled")` signed
 * with the user's current long-term keys (MinIO v3 has no separate change-password call; its
 * console does exactly this). Temporary credentials and service accounts cannot change their
 * parent's secret, and root's key, service accounts and temporary keys are not users
 * (XMinioInvalidIAMCredentials), as in MinIO.
 */
import type { RequestContext } from '../http/context.js';
import { splitPolicyNames } from '../iam/iam-names.js';
import type { AccountStatus } from '../iam/iam-store.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { AdminInvalidIamCredentials } from '../iam/errors.js';
import { callerOf, iamOf, requireAdminAction, requireNotDenied } from './admin-auth.js';
import { queryParam, readEncryptedJson, sendEmptyOk, stringField } from './admin-body.js';

export async function addUser(ctx: RequestContext): Promise<void> {
  const caller = callerOf(ctx);
  const iam = iamOf(ctx);
  const accessKey = queryParam(ctx, 'accessKey');
  if (accessKey === iam.root.accessKey) throw new AdminInvalidIamCredentials();
  if ((caller.kind === 'temporary' || caller.kind === 'service-account') && caller.parentUser === accessKey) {
    throw new AdminInvalidIamCredentials(
      'Temporary credentials and service accounts cannot change their parent user',
    );
  }
  if (accessKey === caller.accessKey) requireNotDenied(ctx, 'admin:CreateUser');
  else requireAdminAction(ctx, 'admin:CreateUser');

  const request = await readEncryptedJson(ctx);
  const statusText = stringField(request, 'status') ?? '';
  if (statusText !== '' && statusText !== 'enabled' && statusText !== 'disabled') {
    throw new AdminInvalidArgument(`invalid status '${statusText}', expecting enabled or disabled`);
  }
  const status: AccountStatus = statusText === 'disabled' ? 'disabled' : 'enabled';
  const policy = stringField(request, 'policy');
  await iam.setUser(accessKey, {
    secretKey: stringField(request, 'secretKey') ?? '',
    status,
    ...(policy !== undefined && policy !== '' ? { policies: splitPolicyNames(policy) } : {}),
  });
  sendEmptyOk(ctx);
}
