/**
 * Admin `GET /list-access-keys-bulk?listType=&users=…|all=true` (wire doc §3.5): the service
 * accounts and/or STS keys of several users, encrypted
 * `{"<user>":{"serviceAccounts":[ServiceAccountInfo],"stsKeys":[ServiceAccountInfo]}}`.
 * `listType` is users-only, sts-only, svcacc-only or all. With neither `users` nor `all` the
 * caller's own account is listed (allowed unless admin:ListServiceAccounts is explicitly denied);
 * other users need admin:ListServiceAccounts, and `all=true` also admin:ListUsers (MinIO
 * `ListAccessKeysBulk`). Users listed only with sts-only/svcacc-only that have no such keys are
 * left out.
 */
import type { RequestContext } from '../http/context.js';
import { InvalidRequest } from '../common/errors.js';
import { accountOfCaller, callerOf, iamOf, requireAdminAction, requireNotDenied } from './admin-auth.js';
import { sendEncryptedJson } from './admin-body.js';
import { NO_EXPIRATION, serviceAccountInfoJson } from './iam-json.js';

const LIST_TYPES: Readonly<Record<string, { sts: boolean; svc: boolean }>> = {
  'users-only': { sts: false, svc: false },
  'sts-only': { sts: true, svc: false },
  'svcacc-only': { sts: false, svc: true },
  all: { sts: true, svc: true },
};

export async function listAccessKeysBulk(ctx: RequestContext): Promise<void> {
  const iam = iamOf(ctx);
  let users = ctx.query.getAll('users');
  const isAll = ctx.query.get('all') === 'true';
  if (isAll && users.length > 0) throw new InvalidRequest('all and users cannot be combined');
  const self = accountOfCaller(ctx);
  const selfOnly =
    !isAll &&
    (users.length === 0 ||
      (users.length === 1 && (users[0] === self || users[0] === callerOf(ctx).accessKey)));
  if (isAll) requireAdminAction(ctx, 'admin:ListUsers');
  if (selfOnly) requireNotDenied(ctx, 'admin:ListServiceAccounts');
  else requireAdminAction(ctx, 'admin:ListServiceAccounts');
  const listType = LIST_TYPES[ctx.query.get('listType') ?? ''];
  if (!listType) throw new InvalidRequest('invalid list type');

  if (selfOnly) users = [self];
  else if (isAll) users = [...iam.listUsers().map((u) => u.accessKey), iam.root.accessKey];
  else users = users.filter((u) => iam.hasUser(u) || u === iam.root.accessKey);

  const out: Record<string, unknown> = {};
  for (const user of [...new Set(users)]) {
    const entry: Record<string, unknown> = {};
    if (listType.sts) {
      const keys = iam.listTemporaryCredentials(user);
      entry.stsKeys = keys.map((c) => ({
        parentUser: user,
        accountStatus: 'on',
        impliedPolicy: c.sessionPolicy === undefined,
        accessKey: c.accessKey,
        expiration: c.expiration?.toISOString() ?? NO_EXPIRATION,
      }));
      if (!listType.svc && keys.length === 0) continue;
    }
    if (listType.svc) {
      const accounts = iam.listServiceAccounts(user);
      entry.serviceAccounts = accounts.map(serviceAccountInfoJson);
      if (!listType.sts && accounts.length === 0) continue;
    }
    out[user] = entry;
  }
  await sendEncryptedJson(ctx, out);
}
