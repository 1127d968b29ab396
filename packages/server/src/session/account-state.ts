/**
 * What the console needs to know about a signed-in account to decide pages and permissions: its
 * effective IAM policy and whether the backend is distributed — both from admin `accountinfo`,
 * which every authenticated caller may use (wire doc §3.1; root gets `consoleAdmin`). Kept in
 * memory per session for a short time (policies can change under a live session) and fetched
 * once for concurrent callers.
 *
 * A storage server without MinIO's admin API (plain S3) cannot say: the account is then taken to
 * have S3 access (`readwrite`) so the S3 pages show — the server still refuses what the account may
 * not do — and the backend as not distributed. Refused credentials and network failures are not
 * papered over: they propagate (401 / 503).
 */
import type { AccountInfo, BackendInfo } from '@coffer/admin-client';
import { parsePolicy, READ_WRITE_POLICY, type Policy } from '@coffer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from './session-store.js';
import type { StorageClients } from '../storage/storage-clients.js';
import { classifyStorageError } from '../storage/storage-errors.js';

export interface AccountState {
  /** The account the storage server says this is (the parent user for STS and service accounts). */
  accountName: string;
  policies: Policy[];
  distributedMode: boolean;
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

export function accountStateOf(info: AccountInfo, log?: FastifyBaseLogger): AccountState {
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

  constructor(
    private readonly clients: StorageClients,
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(session: Session): Promise<AccountState> {
    const hit = this.cache.get(session.id);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.state;
    let pending = this.inflight.get(session.id);
    if (!pending) {
      pending = this.clients
        .forSession(session)
        .admin.accountInfo()
        .then(
          (info) => accountStateOf(info, this.log),
          (err: unknown) => {
            const c = classifyStorageError(err);
            if (!c || c.credentialsRejected || c.code === 'storage_unreachable') throw err;
            this.log.warn({ err }, 'accountinfo failed; assuming an S3-only server');
            return {
              accountName: session.accountName,
              policies: [READ_WRITE_POLICY],
              distributedMode: false,
            };
          },
        )
        .then((state) => {
          this.cache.set(session.id, { state, at: Date.now() });
          return state;
        })
        .finally(() => this.inflight.delete(session.id));
      this.inflight.set(session.id, pending);
    }
    return pending;
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
  }
}
