/**
 * Completing a single sign-on (POST /login/oauth2/auth, spec 1 §7): the browser's flow is looked
 * up by the callback's state (single use, bound to the browser's `sso_flow` cookie), the code is
 * exchanged at the provider (PKCE, nonce), and the ID token is exchanged at the storage server
 * for temporary credentials with AssumeRoleWithWebIdentity — the server validates the token
 * (signature, audience, expiry) and maps its policy claim, so the console adds no privilege. With
 * a refresh token the session renews its credentials (session/credential-renewal.ts).
 *
 * Every failure says what went wrong in words the login banner can show (spec 1 §8 "Login failure
 * shows its message in the top banner"), never a silent return to /login (user need 14).
 */
import { AdminApiError, assumeRoleWithWebIdentity } from '@coffer/admin-client';
import type { AppContext, SingleSignOn } from '../app-context.js';
import { MAX_SESSION_SECONDS } from '../config.js';
import { ConsoleError } from '../errors.js';
import { sessionCredentials, sessionSpan, stsDuration } from '../session/credential-renewal.js';
import type { Session } from '../session/session-store.js';
import { classifyStorageError } from '../storage/storage-errors.js';

const START_AGAIN = "Start again with 'Login with SSO'.";

/** The name the console shows for the signed-in identity (the token came straight from the provider). */
export function identityName(idToken: string): string {
  try {
    const payload = idToken.split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const claim of ['preferred_username', 'email', 'sub']) {
      const value = claims[claim];
      if (typeof value === 'string' && value !== '') return value;
    }
  } catch {
    // Not a readable JWT: the storage server would have refused it already.
  }
  return 'sso-user';
}

export async function ssoLogin(
  ctx: AppContext,
  sso: SingleSignOn,
  flowCookie: string | undefined,
  code: string,
  state: string,
): Promise<Session> {
  const flow = sso.flows.take(flowCookie, state);
  if (flow === 'used') {
    throw new ConsoleError('sso_failed', `This sign-in has already been completed. ${START_AGAIN}`);
  }
  if (flow === 'unknown') {
    throw new ConsoleError(
      'sso_failed',
      `This sign-in has expired or was started in another browser. ${START_AGAIN}`,
      'the state is not one this browser started in the last 10 minutes',
    );
  }
  const tokens = await sso.connect.exchange(flow, code);
  const { options, clients, sessions } = ctx;
  let creds;
  try {
    creds = await assumeRoleWithWebIdentity({
      endpoint: options.serverUrl,
      webIdentityToken: tokens.idToken,
      durationSeconds: stsDuration(options.stsSeconds, MAX_SESSION_SECONDS),
      agent: clients.httpAgent,
    });
  } catch (err) {
    if (!(err instanceof AdminApiError) || classifyStorageError(err)?.code === 'storage_unreachable')
      throw err;
    if (err.status >= 500 && err.status !== 501) throw err;
    throw new ConsoleError(
      'sso_failed',
      'The storage server refused the single sign-on identity',
      `${err.code}: ${err.message}`,
    );
  }
  return sessions.create({
    accountName: identityName(tokens.idToken),
    kind: 'sts',
    via: 'sso',
    credentials: sessionCredentials(creds),
    ...sessionSpan(
      Date.now(),
      options.sessionSeconds * 1000,
      creds.expiration.getTime(),
      tokens.refreshToken !== undefined
        ? { method: 'web-identity', refreshToken: tokens.refreshToken }
        : undefined,
    ),
  });
}
