/**
 * Sign-in through the form: the user's keys are exchanged for temporary credentials with STS
 * AssumeRole on the storage server (architecture §3), and the session keeps only those.
 *
 * Session length and credentials: AssumeRole is asked for DurationSeconds = `stsSeconds` (default
 * the session length; at least STS's 900 s, at most the console's 7-day cap). A server that grants
 * that much leaves nothing else in the session. One that grants less (MinIO's MINIO_STS_DURATION)
 * makes the session keep the keys, encrypted with it, to renew the credentials before they expire
 * (session/credential-renewal.ts, decision record 0012): the session lasts its configured length.
 *
 * Service accounts (and other keys AssumeRole refuses with 403) cannot get temporary
 * credentials (wire doc §6.4), and a plain S3 server has no STS at all: if the keys themselves
 * work, the session uses them directly, kept encrypted server-side like every session, for the
 * session length.
 *
 * LDAP users (issue 13 §3) sign in through the same form: when neither AssumeRole nor the keys
 * themselves work, the name and password are tried with AssumeRoleWithLDAPIdentity. A server
 * without identity_ldap refuses that like wrong keys, so no console setting is needed; built-in
 * users and root keep precedence. If all fail, the login fails with one message.
 *
 * Region: STS is signed for the server's region as the console knows it (./storage-region.ts). A
 * refusal that names another region switches the console to it and AssumeRole is asked once more;
 * a refusal that does not (a server whose STS says only AccessDenied) is followed by one S3 probe
 * with the same keys, whose refusal names the region if that was the cause. Both happen only when
 * sign-in fails, never in the steady state.
 */
import { AdminApiError, assumeRole, assumeRoleWithLdapIdentity } from '@coffer/admin-client';
import { MAX_SESSION_SECONDS } from '../../config.js';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import { sessionCredentials, sessionSpan, stsDuration } from '../../session/credential-renewal.js';
import type { Session } from '../../session/session-store.js';
import { classifyStorageError } from '../../storage/storage-errors.js';

/**
 * Do the keys themselves work? Admin `accountinfo` answers any valid MinIO credential; a server
 * without the MinIO admin API (plain S3) is asked for its bucket list instead. Network failures
 * propagate (the storage server is unreachable, not the keys wrong).
 */
async function keysWork(ctx: AppContext, accessKey: string, secretKey: string): Promise<boolean> {
  const { admin, s3 } = ctx.clients.forCredentials({ accessKey, secretKey });
  const reachable = (e: unknown): boolean => {
    if (classifyStorageError(e)?.code === 'storage_unreachable') throw e;
    return false;
  };
  try {
    await admin.accountInfo();
    return true;
  } catch (e) {
    reachable(e);
  }
  try {
    await s3.listBuckets();
    return true;
  } catch (e) {
    return reachable(e);
  }
}

/**
 * Does the server refuse these keys' S3 requests for the signing region, naming another? Then the
 * console switches to it (true). A bucket that cannot exist is asked about: any other answer says
 * the region was fine.
 */
async function regionCorrected(ctx: AppContext, accessKey: string, secretKey: string): Promise<boolean> {
  const s3 = ctx.clients.s3Client({ accessKey, secretKey });
  try {
    await s3.getBucketVersioning('coffer-region-probe');
  } catch (e) {
    if (classifyStorageError(e)?.code === 'storage_unreachable') throw e;
    return ctx.clients.storageRegion.learn(e);
  }
  return false;
}

/**
 * The one answer for an unknown account and a wrong secret: the server's own wording (which may
 * tell the two apart) stays out of it.
 */
function invalidLogin(): ConsoleError {
  return new ConsoleError('invalid_login', 'Invalid login: the access key or secret key is wrong');
}

/** The storage server's own sign-in back-off (the engine's STS answers 429). */
function serverThrottled(err: AdminApiError): ConsoleError {
  return new ConsoleError(
    'too_many_login_attempts',
    'Too many failed sign-in attempts. Try again later.',
    `the storage server answered ${err.status} ${err.code}`,
  );
}

/**
 * An LDAP user's sign-in: credentials from AssumeRoleWithLDAPIdentity, or undefined when the
 * server refuses (no LDAP configured, unknown user, wrong password — all the same to the form).
 */
async function ldapLogin(ctx: AppContext, username: string, password: string): Promise<Session | undefined> {
  const { options, sessions, clients } = ctx;
  let creds;
  try {
    creds = await assumeRoleWithLdapIdentity({
      endpoint: options.serverUrl,
      username,
      password,
      durationSeconds: stsDuration(options.stsSeconds, MAX_SESSION_SECONDS),
      agent: clients.httpAgent,
    });
  } catch (err) {
    if (!(err instanceof AdminApiError)) throw err;
    if (err.status === 429) throw serverThrottled(err);
    if (err.status >= 500 && err.status !== 501) throw err;
    return undefined;
  }
  const credentials = sessionCredentials(creds);
  return sessions.create({
    accountName: username,
    kind: 'sts',
    via: 'ldap',
    credentials,
    ...sessionSpan(Date.now(), options.sessionSeconds * 1000, creds.expiration.getTime(), {
      method: 'ldap',
      username,
      password,
    }),
  });
}

export async function login(ctx: AppContext, accessKey: string, secretKey: string): Promise<Session> {
  const { options, sessions, clients } = ctx;
  const sessionMs = options.sessionSeconds * 1000;
  const askSts = () =>
    assumeRole({
      endpoint: options.serverUrl,
      region: clients.region,
      accessKey,
      secretKey,
      durationSeconds: stsDuration(options.stsSeconds, MAX_SESSION_SECONDS),
      agent: clients.httpAgent,
    });
  try {
    let creds;
    try {
      creds = await askSts();
    } catch (err) {
      // Signed for a region the server no longer has: switch and ask once more.
      const wrongRegion =
        err instanceof AdminApiError &&
        err.status >= 400 &&
        err.status < 500 &&
        err.status !== 429 &&
        (clients.storageRegion.learn(err) || (await regionCorrected(ctx, accessKey, secretKey)));
      if (!wrongRegion) throw err;
      creds = await askSts();
    }
    return await sessions.create({
      accountName: accessKey,
      kind: 'sts',
      via: 'keys',
      credentials: sessionCredentials(creds),
      ...sessionSpan(Date.now(), sessionMs, creds.expiration.getTime(), {
        method: 'assume-role',
        accessKey,
        secretKey,
      }),
    });
  } catch (err) {
    if (!(err instanceof AdminApiError)) throw err;
    if (err.status === 429) throw serverThrottled(err);
    // A server error is not a verdict on the keys.
    if (err.status >= 500 && err.status !== 501) throw err;
    if (await keysWork(ctx, accessKey, secretKey)) {
      return sessions.create({
        accountName: accessKey,
        kind: 'direct',
        via: 'keys',
        credentials: { accessKey, secretKey },
        expiresAt: Date.now() + sessionMs,
      });
    }
    const ldap = await ldapLogin(ctx, accessKey, secretKey);
    if (ldap) return ldap;
    throw invalidLogin();
  }
}
