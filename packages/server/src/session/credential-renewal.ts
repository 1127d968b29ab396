/**
 * Temporary credentials that outlive nothing: a session keeps acting while its STS credentials are
 * replaced shortly before they expire (issue 13 §3; user need 4, sessions ending mid-upload;
 * decision record 0012).
 *
 * The console asks STS for credentials as long as the session (`stsSeconds`, default the session
 * length). A server that grants that keeps no renewal grant at all: nothing beyond the temporary
 * credentials is held. When the server grants less (MinIO's MINIO_STS_DURATION, an identity
 * provider's policy, `--sts-duration`), the session keeps what re-issues them, encrypted with the
 * session like the credentials themselves and deleted with it: the user's keys (AssumeRole), the
 * LDAP user name and password (AssumeRoleWithLDAPIdentity), or the provider's refresh token
 * (refresh grant, then AssumeRoleWithWebIdentity). An SSO sign-in without a refresh token ends
 * when its credentials do.
 *
 * Renewal happens on the request that finds the credentials within `renewMarginMs` of their
 * expiry (every upload part and stream start is such a request), once per session at a time;
 * concurrent requests wait for the same renewal. A failed renewal keeps the old credentials while
 * they last (the next request tries again), after that the session ends (401, sign in again).
 */
import { assumeRole, assumeRoleWithLdapIdentity, assumeRoleWithWebIdentity } from '@coffer/admin-client';
import type { TemporaryCredentials } from '@coffer/admin-client';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenIdConnect } from '../sso/openid-connect.js';
import type { StorageClients } from '../storage/storage-clients.js';
import type {
  RenewalGrant,
  Session,
  SessionCredentials,
  SessionData,
  SessionStore,
} from './session-store.js';

/** STS's shortest and (the console's) longest DurationSeconds. */
export const MIN_STS_SECONDS = 900;
const GRANT_SLACK_MS = 60_000;

export interface CredentialIssuer {
  serverUrl: string;
  clients: StorageClients;
  openId?: OpenIdConnect;
}

/** The DurationSeconds the console asks for: `stsSeconds` within STS's bounds. */
export function stsDuration(stsSeconds: number, maxSeconds: number): number {
  return Math.min(maxSeconds, Math.max(MIN_STS_SECONDS, stsSeconds));
}

export function sessionCredentials(creds: TemporaryCredentials): SessionCredentials {
  return {
    accessKey: creds.accessKeyId,
    secretKey: creds.secretAccessKey,
    sessionToken: creds.sessionToken,
    expiresAt: creds.expiration.getTime(),
  };
}

/**
 * How long a new session lasts and what it keeps to renew: the grant only when the credentials
 * end before the session would.
 */
export function sessionSpan(
  now: number,
  sessionMs: number,
  credentialsEnd: number,
  grant: RenewalGrant | undefined,
): Pick<SessionData, 'expiresAt' | 'renewal'> {
  const end = now + sessionMs;
  // A minute of slack: credentials granted for the whole session end a moment before it.
  if (credentialsEnd >= end - GRANT_SLACK_MS || !grant) return { expiresAt: Math.min(end, credentialsEnd) };
  return { expiresAt: end, renewal: grant };
}

/** Fresh credentials from a grant; the grant to keep next (a refresh token may rotate). */
export async function reissue(
  issuer: CredentialIssuer,
  grant: RenewalGrant,
  durationSeconds: number,
): Promise<{ credentials: SessionCredentials; grant: RenewalGrant }> {
  const common = {
    endpoint: issuer.serverUrl,
    durationSeconds,
    agent: issuer.clients.httpAgent,
  };
  switch (grant.method) {
    case 'assume-role': {
      const creds = await assumeRole({
        ...common,
        region: issuer.clients.region,
        accessKey: grant.accessKey,
        secretKey: grant.secretKey,
      });
      return { credentials: sessionCredentials(creds), grant };
    }
    case 'ldap': {
      const creds = await assumeRoleWithLdapIdentity({
        ...common,
        username: grant.username,
        password: grant.password,
      });
      return { credentials: sessionCredentials(creds), grant };
    }
    case 'web-identity': {
      if (!issuer.openId) throw new Error('single sign-on is no longer configured');
      const tokens = await issuer.openId.refresh(grant.refreshToken);
      const creds = await assumeRoleWithWebIdentity({ ...common, webIdentityToken: tokens.idToken });
      return {
        credentials: sessionCredentials(creds),
        grant: { method: 'web-identity', refreshToken: tokens.refreshToken ?? grant.refreshToken },
      };
    }
  }
}

export interface CredentialRenewalOptions {
  issuer: CredentialIssuer;
  sessions: SessionStore;
  /** Renew when the credentials have less than this left. */
  renewMarginMs: number;
  /** The DurationSeconds asked for (as at sign-in), never beyond the session's end. */
  stsSeconds: number;
  maxStsSeconds: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

export class CredentialRenewal {
  private readonly running = new Map<string, Promise<Session | undefined>>();
  private readonly now: () => number;

  constructor(private readonly options: CredentialRenewalOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Credentials due for renewal: a grant is held and they end within the margin. */
  due(session: Session): boolean {
    const end = session.credentials.expiresAt;
    return (
      session.renewal !== undefined && end !== undefined && end - this.now() < this.options.renewMarginMs
    );
  }

  /**
   * The session with credentials that are not about to expire: `session` itself, or renewed. When
   * a renewal fails and the old credentials are gone, the session ends (undefined).
   */
  async fresh(session: Session): Promise<Session | undefined> {
    if (!this.due(session)) return session;
    let pending = this.running.get(session.id);
    if (!pending) {
      pending = this.renew(session).finally(() => this.running.delete(session.id));
      this.running.set(session.id, pending);
    }
    return pending;
  }

  private async renew(session: Session): Promise<Session | undefined> {
    const { issuer, sessions, log } = this.options;
    const grant = session.renewal;
    if (!grant) return session;
    const left = Math.ceil((session.expiresAt - this.now()) / 1000);
    try {
      const seconds = Math.min(this.options.stsSeconds, left);
      const next = await reissue(issuer, grant, stsDuration(seconds, this.options.maxStsSeconds));
      const updated = await sessions.update(session.id, {
        credentials: next.credentials,
        renewal: next.grant,
      });
      issuer.clients.forget(session.id);
      log.info({ account: session.accountName, method: grant.method }, 'session credentials renewed');
      return updated;
    } catch (err) {
      const stillValid = (session.credentials.expiresAt ?? 0) > this.now();
      log.warn({ err, account: session.accountName, stillValid }, 'session credentials could not be renewed');
      if (stillValid) return session;
      await sessions.revoke(session.id);
      issuer.clients.forget(session.id);
      return undefined;
    }
  }
}
