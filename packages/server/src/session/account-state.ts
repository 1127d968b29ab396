/**
 * What the console needs to know about a signed-in account to decide pages and permissions: its
 * effective IAM policy and whether the backend is distributed — both from admin `accountinfo`,
 * which every authenticated caller may use (wire doc §3.1; root gets `consoleAdmin`) — and
 * whether the account may change its own password here. Kept in memory per session for a short
 * time (policies can change under a live session) and fetched once for concurrent callers.
 *
 * Own password: MinIO lets a built-in user change its own secret (add-user on self, deny-only)
 * but not root, not a service account and not through temporary credentials. So the session must
 * have signed in with the user's long-term keys (an STS session: the password change signs with
 * them, see routes/account) and the account must be a built-in user: `user-info` on itself
 * answers (or is refused — only users are ever refused; root is allowed everything), while for
 * root it is 404.
 *
 * Service accounts signing in with their own keys may carry a restricting policy, which
 * accountinfo leaves out (MinIO does too); it is read with `info-service-account` on itself and
 * kept as `sessionPolicy`, so pages and permissions are the intersection the server enforces.
 *
 * A storage server without MinIO's admin API (a plain S3 server such as Ceph RGW) cannot say. That
 * is decided by the shape of accountinfo's answer, not its status (storage/server-capabilities.ts:
 * RGW answers 403 when another user owns a bucket named `minio`), once per session: the account is
 * then taken to have S3 access (`readwrite`) so the S3 pages show — the server still refuses what
 * the account may not do — the backend as not distributed, and `adminApi` is false, so the
 * admin-only pages are not listed and the admin API is not asked again in this session. A refusal
 * by MinIO's admin API gives the account no pages at all: the console never offers what it cannot
 * show the server allows. Refused credentials, server errors and network failures are not papered
 * over: they propagate (401 / 5xx / 503).
 */
import { AdminApiError, type AccountInfo, type AdminClient, type BackendInfo } from '@coffer/admin-client';
import { parsePolicy, PolicyParseError, READ_WRITE_POLICY, type Policy } from '@coffer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from './session-store.js';
import type { StorageClients } from '../storage/storage-clients.js';
import { adminApiVerdict } from '../storage/server-capabilities.js';
import { classifyStorageError } from '../storage/storage-errors.js';

export interface AccountState {
  /** The account the storage server says this is (the parent user for STS and service accounts). */
  accountName: string;
  policies: Policy[];
  distributedMode: boolean;
  /** A built-in user signed in with its own keys: it may change its own password. */
  ownPasswordChangeable: boolean;
  /**
   * A restriction the credentials carry on top of `policies` (a service account's own policy):
   * a request must be allowed by both. accountinfo does not fold it in (as in MinIO).
   */
  sessionPolicy?: Policy;
  /** The storage server offers MinIO's admin API (false: a plain S3 server). */
  adminApi: boolean;
}

const TTL_MS = 30_000;

/** Erasure backend (Type 2) over more than one drive (architecture §4: N ≥ 2 is "distributed"). */
export function isDistributed(backend: BackendInfo | undefined): boolean {
  if (!backend || backend.Type !== 2) return false;
  const perSet = (backend.DrivesPerSet ?? []).reduce((a, b) => a + b, 0);
  const counted = [
    ...Object.values(backend.OnlineDisks ?? {}),
    ...Object.values(backend.OfflineDisks ?? {}),
  ].reduce((a, b) => a + b, 0);
  return Math.max(perSet, counted) > 1;
}

export function accountStateOf(
  info: AccountInfo,
  log?: FastifyBaseLogger,
): Omit<AccountState, 'ownPasswordChangeable' | 'sessionPolicy' | 'adminApi'> {
  let policies: Policy[] = [];
  try {
    if (info.Policy !== null && info.Policy !== undefined) policies = [parsePolicy(info.Policy)];
  } catch (err) {
    // An effective policy we cannot read grants nothing in the console; the server still decides.
    log?.warn({ err }, 'the effective policy from accountinfo could not be parsed');
  }
  return { accountName: info.AccountName, policies, distributedMode: isDistributed(info.Server) };
}

export class AccountStates {
  private readonly cache = new Map<string, { state: AccountState; at: number }>();
  private readonly inflight = new Map<string, Promise<AccountState>>();
  /** Per session, once known: does the server offer the admin API (detected once per session). */
  private readonly adminApi = new Map<string, boolean>();

  constructor(
    private readonly clients: StorageClients,
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(session: Session): Promise<AccountState> {
    const hit = this.cache.get(session.id);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.state;
    let pending = this.inflight.get(session.id);
    if (!pending) {
      pending = this.load(session)
        .then((state) => {
          this.cache.set(session.id, { state, at: Date.now() });
          return state;
        })
        .finally(() => this.inflight.delete(session.id));
      this.inflight.set(session.id, pending);
    }
    return pending;
  }

  /** Whether the session's server offers the admin API; undefined until the first `get`. */
  adminApiOf(sessionId: string): boolean | undefined {
    return this.adminApi.get(sessionId);
  }

  private async load(session: Session): Promise<AccountState> {
    // Known to have no admin API: no admin call is worth making in this session.
    if (this.adminApi.get(session.id) === false) return this.s3Only(session);
    const { admin } = this.clients.forSession(session);
    // LDAP and SSO identities keep their passwords in their directory or provider, not here.
    const ownKeys = session.kind === 'sts' && (session.via === undefined || session.via === 'keys');
    const builtinUser = ownKeys ? this.isBuiltinUser(admin, session.accountName) : false;
    const restriction =
      session.kind === 'direct' ? this.serviceAccountPolicy(admin, session.credentials.accessKey) : undefined;
    let info: AccountInfo;
    try {
      info = await admin.accountInfo();
    } catch (err) {
      return this.withoutAccountInfo(session, err);
    }
    this.adminApi.set(session.id, true);
    const sessionPolicy = await restriction;
    return {
      ...accountStateOf(info, this.log),
      ownPasswordChangeable: await builtinUser,
      ...(sessionPolicy ? { sessionPolicy } : {}),
      adminApi: true,
    };
  }

  /**
   * The restricting policy of a service account signing in with its own keys
   * (`info-service-account` on itself, which its owner may read); undefined when it has none
   * (`impliedPolicy`: the parent's) or the keys are not a service account. Never rejects.
   */
  private async serviceAccountPolicy(admin: AdminClient, accessKey: string): Promise<Policy | undefined> {
    try {
      const info = await admin.infoServiceAccount(accessKey);
      if (info.impliedPolicy !== false) return undefined;
      return parsePolicy(info.policy);
    } catch (err) {
      if (err instanceof PolicyParseError) {
        // A restriction we cannot read: grant nothing in the console (the server still decides).
        this.log.warn({ err }, 'the service account policy could not be parsed');
        return { Version: '2012-10-17', Statement: [] };
      }
      return undefined;
    }
  }

  /** See the module comment: user-info on itself tells a built-in user from root. Never rejects. */
  private async isBuiltinUser(admin: AdminClient, accessKey: string): Promise<boolean> {
    try {
      const info = await admin.userInfo(accessKey);
      return info.userAuthInfo?.type === undefined || info.userAuthInfo.type === 'builtin';
    } catch (err) {
      return err instanceof AdminApiError && err.code === 'AccessDenied';
    }
  }

  /** A server without the admin API: S3 access assumed, the server decides every call. */
  private s3Only(session: Session): AccountState {
    return {
      accountName: session.accountName,
      distributedMode: false,
      ownPasswordChangeable: false,
      policies: [READ_WRITE_POLICY],
      adminApi: false,
    };
  }

  private withoutAccountInfo(session: Session, err: unknown): AccountState {
    const c = classifyStorageError(err);
    if (!c || c.credentialsRejected || c.code === 'storage_unreachable') throw err;
    const verdict = adminApiVerdict(err);
    if (verdict === 'not-offered') {
      this.log.warn({ err }, 'the storage server has no admin API; assuming an S3-only server');
      this.adminApi.set(session.id, false);
      return this.s3Only(session);
    }
    if (verdict === undefined) throw err;
    this.adminApi.set(session.id, true);
    this.log.warn({ err }, 'accountinfo was refused; the account gets no pages');
    return {
      accountName: session.accountName,
      distributedMode: false,
      ownPasswordChangeable: false,
      policies: [],
      adminApi: true,
    };
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
    this.adminApi.delete(sessionId);
  }
}
