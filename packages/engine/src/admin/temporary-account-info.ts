/**
 * Admin `GET /temporary-account-info?accessKey=` (wire doc §3.5): an STS key, encrypted in the
 * info-service-account shape `{"parentUser","accountStatus","impliedPolicy","policy",
 * "expiration"}`. Action admin:ListTemporaryAccounts; unknown key → 404
 * XMinioAdminNoSuchAccessKey.
 */
import type { RequestContext } from '../http/context.js';
import { AdminNoSuchAccessKey } from './errors.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, sendEncryptedJson } from './admin-body.js';
import { reportedPolicy } from './service-account-policy.js';

export async function temporaryAccountInfo(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListTemporaryAccounts');
  const iam = iamOf(ctx);
  const credential = iam.getTemporaryCredential(queryParam(ctx, 'accessKey'));
  if (!credential) throw new AdminNoSuchAccessKey();
  const parentUser = credential.parentUser ?? '';
  await sendEncryptedJson(ctx, {
    parentUser,
    accountStatus: 'on',
    ...reportedPolicy(iam, credential.accessKey, parentUser),
    ...(credential.expiration ? { expiration: credential.expiration.toISOString() } : {}),
  });
}
