/**
 * Admin `PUT /add-service-account` (wire doc §3.5): create an access key that acts for a user,
 * optionally restricted by a session policy fixed at creation. Encrypted request
 * `{"policy"?,"targetUser"?,"accessKey"?,"secretKey"?,"name"?,"description"?,"comment"?,
 * "expiration"?}`; encrypted answer `{"credentials":{"accessKey","secretKey","expiration"}}`
 * (`1970-01-01T00:00:00Z` when it never expires). Keys are generated when not given.
 *
 * For the caller's own account (no targetUser, or the caller's user) it is self-service: allowed
 * unless admin:CreateServiceAccount is explicitly denied; derived credentials create it for their
 * parent user, but a credential already narrowed by a session policy may not mint a key (the new
 * key would not carry that narrowing). For another user admin:CreateServiceAccount is required and
 * the user must exist. An identity provider's user (OpenID or LDAP credentials) creates keys for
 * itself that act by the same policies (its claimed ones, or those of its DN and groups).
 * `PUT /idp/ldap/add-service-account` (`add-ldap-service-account.ts`) shares the creation and
 * names the parent through the directory.
 */
import type { RequestContext } from '../http/context.js';
import type { FederatedIdentity } from '../iam/types.js';
import { AdminInvalidIamCredentials, AdminNoSuchUser } from '../iam/errors.js';
import { AccessDenied } from '../common/errors.js';
import { callerOf, iamOf, requireAdminAction, requireNotDenied } from './admin-auth.js';
import { readEncryptedJson, sendEncryptedJson, stringField, timeField } from './admin-body.js';
import { NO_EXPIRATION } from './iam-json.js';
import { requestedSessionPolicy } from './service-account-policy.js';

/** Who a new key acts for. */
export interface ServiceAccountParent {
  parentUser: string;
  federation?: FederatedIdentity;
}

export function addServiceAccount(ctx: RequestContext): Promise<void> {
  return createServiceAccount(ctx, builtinParent);
}

/** The parent of the built-in call: the caller's own account, or a user named by `targetUser`. */
function builtinParent(ctx: RequestContext, request: Record<string, unknown>): ServiceAccountParent {
  const caller = callerOf(ctx);
  const iam = iamOf(ctx);
  const account = iam.accountOf(caller);
  const targetUser = stringField(request, 'targetUser') ?? '';
  const forSelf = targetUser === '' || targetUser === caller.accessKey || targetUser === account;
  let parentUser: string;
  const federation = forSelf ? caller.federation : undefined;
  if (forSelf) {
    requireNotDenied(ctx, 'admin:CreateServiceAccount');
    if (caller.sessionPolicy !== undefined) {
      throw new AccessDenied('Credentials restricted by a session policy cannot create service accounts');
    }
    parentUser = account;
  } else {
    requireAdminAction(ctx, 'admin:CreateServiceAccount');
    if (targetUser !== iam.root.accessKey && !iam.hasUser(targetUser)) {
      throw new AdminNoSuchUser(`Specified target user ${targetUser} does not exist`);
    }
    parentUser = targetUser;
  }
  return { parentUser, ...(federation !== undefined ? { federation } : {}) };
}

/** Reads the request, lets `parentOf` name the parent (and check the caller), creates the key. */
export async function createServiceAccount(
  ctx: RequestContext,
  parentOf: (
    ctx: RequestContext,
    request: Record<string, unknown>,
  ) => ServiceAccountParent | Promise<ServiceAccountParent>,
): Promise<void> {
  const iam = iamOf(ctx);
  const request = await readEncryptedJson(ctx);
  const { parentUser, federation } = await parentOf(ctx, request);
  const accessKey = stringField(request, 'accessKey');
  if (accessKey === iam.root.accessKey) throw new AdminInvalidIamCredentials();
  const secretKey = stringField(request, 'secretKey');
  const sessionPolicy = requestedSessionPolicy(request.policy);
  const name = stringField(request, 'name');
  const description = stringField(request, 'description') ?? stringField(request, 'comment');
  const expiration = timeField(request, 'expiration');

  const record = await iam.addServiceAccount({
    parentUser,
    ...(accessKey !== undefined && accessKey !== '' ? { accessKey } : {}),
    ...(secretKey !== undefined && secretKey !== '' ? { secretKey } : {}),
    ...(sessionPolicy !== undefined ? { sessionPolicy } : {}),
    ...(federation !== undefined ? { federation } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(expiration !== undefined ? { expiration } : {}),
  });
  await sendEncryptedJson(ctx, {
    credentials: {
      accessKey: record.accessKey,
      secretKey: record.secretKey,
      expiration: record.expiration ?? NO_EXPIRATION,
    },
  });
}
