/**
 * The signed-in account (spec 2 §2 Account page, §4, §7 Service accounts and account; wire doc
 * §3.2, §3.5, §6.4).
 *
 * Service accounts: the optional policy arrives as JSON text and is embedded as a JSON value in
 * the (encrypted) add-service-account request, so it must parse here; what it means is the
 * storage server's to judge. The list answers access keys only (spec 2 §3).
 *
 * Own password (how MinIO's console does it): the storage server refuses a password change made
 * with the session's temporary credentials for their own parent user, so add-user on self is
 * signed with the account's long-term keys — the access key and the *current* secret. That one
 * call also proves the current secret (a wrong one fails the signature). Then the console signs
 * in again with the new secret and the session is renewed; the old session (and its cookie) ends.
 * If that re-login fails the old session simply goes on (its credentials stay valid until they
 * expire) — the password has changed either way.
 */
import { AdminApiError, type AdminClient } from '@coffer/admin-client';
import type { ServiceAccountCredentials } from '@coffer/contract';
import type { AppContext } from '../../app-context.js';
import { ConsoleError, invalidRequest } from '../../errors.js';
import { endSession } from '../../session/end-session.js';
import type { Session } from '../../session/session-store.js';
import { login } from '../session/login-service.js';
import { checkSecret } from '../users/user-service.js';

/** Codes with which a server refuses a signature made with a wrong secret. */
const WRONG_SECRET_CODES = new Set(['SignatureDoesNotMatch', 'InvalidAccessKeyId']);

export async function createServiceAccount(
  admin: AdminClient,
  policyText: string | undefined,
  targetUser?: string,
): Promise<ServiceAccountCredentials> {
  let policy: unknown;
  if (policyText !== undefined && policyText.trim() !== '') {
    try {
      policy = JSON.parse(policyText) as unknown;
    } catch (err) {
      throw invalidRequest('The policy is not valid JSON', (err as Error).message);
    }
  }
  const creds = await admin.addServiceAccount({
    ...(policy !== undefined ? { policy } : {}),
    ...(targetUser !== undefined ? { targetUser } : {}),
  });
  return { accessKey: creds.accessKey, secretKey: creds.secretKey };
}

export async function deleteServiceAccount(admin: AdminClient, accessKey: string): Promise<void> {
  await admin.deleteServiceAccount(accessKey);
}

/** Change the signed-in user's own secret; resolves with the session to use from now on. */
export async function changeOwnPassword(
  ctx: AppContext,
  session: Session,
  currentSecret: string,
  newSecret: string,
): Promise<Session> {
  checkSecret(newSecret);
  const { admin } = ctx.clients.forCredentials({ accessKey: session.accountName, secretKey: currentSecret });
  try {
    await admin.addUser(session.accountName, newSecret, 'enabled');
  } catch (err) {
    if (err instanceof AdminApiError && WRONG_SECRET_CODES.has(err.code)) {
      throw new ConsoleError(
        'access_denied',
        'The current password is not correct',
        `${err.code}: ${err.message}`,
      );
    }
    throw err;
  }
  let renewed: Session;
  try {
    renewed = await login(ctx, session.accountName, newSecret);
  } catch {
    return session;
  }
  await endSession(ctx, session.id);
  return renewed;
}
