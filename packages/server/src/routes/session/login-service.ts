/**
 * Sign-in: the user's keys are exchanged for temporary credentials with STS AssumeRole on the
 * storage server (architecture §3), and the session keeps only those.
 *
 * Session length and credentials: AssumeRole is asked for DurationSeconds = the session length
 * (at least STS's 900 s, at most the console's 7-day cap), so the temporary credentials last as
 * long as the session and no long-term secret is ever stored. The session ends at whichever comes
 * first: the configured length or the credentials' expiration (a server may grant less, e.g.
 * MinIO's MINIO_STS_DURATION) — then the user signs in again. Without a stored secret the console
 * cannot renew credentials behind the user's back; that is the trade chosen.
 *
 * Service accounts (and other keys AssumeRole refuses with 403) cannot get temporary
 * credentials (wire doc §6.4), and a plain S3 server has no STS at all: if the keys themselves
 * work, the session uses them directly, kept encrypted server-side like every session, for the
 * session length. If they do not, the login fails with the STS message.
 *
 * Region: STS is signed for the server's region as the console knows it (./storage-region.ts). A
 * refusal that names another region switches the console to it and AssumeRole is asked once more;
 * a refusal that does not (a server whose STS says only AccessDenied) is followed by one S3 probe
 * with the same keys, whose refusal names the region if that was the cause. Both happen only when
 * sign-in fails, never in the steady state.
 */
import { AdminApiError, assumeRole } from '@coffer/admin-client';
import { MAX_SESSION_SECONDS } from '../../config.js';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import type { Session } from '../../session/session-store.js';
import { classifyStorageError } from '../../storage/storage-errors.js';

/** STS's shortest DurationSeconds (wire doc §4.2). */
const MIN_STS_SECONDS = 900;

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

export async function login(ctx: AppContext, accessKey: string, secretKey: string): Promise<Session> {
  const { options, sessions, clients } = ctx;
  const sessionMs = options.sessionSeconds * 1000;
  const durationSeconds = Math.min(MAX_SESSION_SECONDS, Math.max(MIN_STS_SECONDS, options.sessionSeconds));
  const askSts = () =>
    assumeRole({
      endpoint: options.serverUrl,
      region: clients.region,
      accessKey,
      secretKey,
      durationSeconds,
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
      credentials: {
        accessKey: creds.accessKeyId,
        secretKey: creds.secretAccessKey,
        sessionToken: creds.sessionToken,
        expiresAt: creds.expiration.getTime(),
      },
      expiresAt: Math.min(Date.now() + sessionMs, creds.expiration.getTime()),
    });
  } catch (err) {
    if (!(err instanceof AdminApiError)) throw err;
    if (err.status === 429) throw serverThrottled(err);
    // A server error is not a verdict on the keys.
    if (err.status >= 500 && err.status !== 501) throw err;
    if (!(await keysWork(ctx, accessKey, secretKey))) throw invalidLogin();
    return sessions.create({
      accountName: accessKey,
      kind: 'direct',
      credentials: { accessKey, secretKey },
      expiresAt: Date.now() + sessionMs,
    });
  }
}
