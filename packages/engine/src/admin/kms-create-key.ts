/**
 * KMS key creation (wire doc §3.13): `POST /minio/admin/v3/kms/key/create?key-id=` (action
 * `admin:KMSCreateKey`) and `POST /minio/kms/v1/key/create` (`kms:CreateKey`): 200 with no body.
 * A missing `key-id` is 400 XMinioAdminInvalidArgument, a taken name 409 `kms:KeyAlreadyExists`, a
 * name outside the key alphabet 400 InvalidArgument. The creator recorded is the caller's account.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { accountOfCaller } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

export async function kmsCreateKey(ctx: RequestContext): Promise<void> {
  const keyId = queryParam(ctx, 'key-id');
  if (keyId === '') throw new AdminInvalidArgument('The key-id parameter is required.');
  await ctx.engine.kms.createKey(keyId, accountOfCaller(ctx));
  sendEmptyOk(ctx);
}
