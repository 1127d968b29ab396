/**
 * Admin `POST /update-service-account?accessKey=` (wire doc §3.5): change a service account's
 * secret, status (`on`/`off`, also `enabled`/`disabled`), name, description, expiration, or its
 * session policy (`newPolicy`; `{}` returns it to the parent's implied policy). Encrypted request
 * `{"newPolicy"?,"newSecretKey"?,"newStatus"?,"newName"?,"newDescription"?,"newComment"?,
 * "newExpiration"?}`; answers 204. Action admin:UpdateServiceAccount — no self-service, as in
 * current MinIO (users delete and re-create their keys instead).
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { AdminServiceAccountNotFound } from '../iam/errors.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam, readEncryptedJson, sendNoContent, stringField, timeField } from './admin-body.js';
import { requestedSessionPolicy } from './service-account-policy.js';

const STATUS_WORDS: Readonly<Record<string, 'on' | 'off'>> = {
  on: 'on',
  off: 'off',
  enabled: 'on',
  disabled: 'off',
};

export async function updateServiceAccount(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:UpdateServiceAccount');
  const iam = iamOf(ctx);
  const accessKey = queryParam(ctx, 'accessKey');
  if (!iam.getServiceAccount(accessKey)) throw new AdminServiceAccountNotFound();
  const request = await readEncryptedJson(ctx);
  const statusText = stringField(request, 'newStatus') ?? '';
  const status = STATUS_WORDS[statusText];
  if (statusText !== '' && status === undefined) {
    throw new AdminInvalidArgument(`invalid status '${statusText}', expecting on or off`);
  }
  const secretKey = stringField(request, 'newSecretKey');
  const name = stringField(request, 'newName');
  const description = stringField(request, 'newDescription') ?? stringField(request, 'newComment');
  const expiration = timeField(request, 'newExpiration');
  let sessionPolicy: string | null | undefined;
  if (request.newPolicy !== undefined && request.newPolicy !== null) {
    sessionPolicy = requestedSessionPolicy(request.newPolicy) ?? null;
  }
  await iam.updateServiceAccount(accessKey, {
    ...(secretKey !== undefined && secretKey !== '' ? { secretKey } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(sessionPolicy !== undefined ? { sessionPolicy } : {}),
    ...(name !== undefined && name !== '' ? { name } : {}),
    ...(description !== undefined && description !== '' ? { description } : {}),
    ...(expiration !== undefined ? { expiration } : {}),
  });
  sendNoContent(ctx);
}
