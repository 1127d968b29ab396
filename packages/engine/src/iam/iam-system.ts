/**
 * The engine's identity registry: the root credential plus temporary credentials issued by STS
 * AssumeRole. It is the `CredentialProvider` that request authentication (`http/auth.ts`) asks for
 * secrets, and the place STS asks to issue new credentials.
 *
 * Design:
 * - Everything is held in memory (a Map by access key) and loaded once at startup from the
 *   `IamStore`; writes go to the store first and to memory after, so an acknowledged AssumeRole
 *   survives a restart. A single engine process owns its drives, so the cache is authoritative.
 * - Temporary credentials carry a session token: an HS512 JWT signed with the root secret whose
 *   claims are `accessKey`, `exp`, `parent` and optionally `sessionPolicy` (base64 of the policy
 *   JSON) — MinIO's format (wire doc §4.2). Changing the root secret therefore invalidates every
 *   session: loading drops tokens that no longer verify.
 * - Expired credentials are never returned; they are removed lazily (on lookup and whenever a new
 *   one is issued) rather than by a timer.
 * - Issue 4 adds users, groups, policies and service accounts here (backed by the same store);
 *   `isOwner` is the one place that decides "acts with root's authority" until policies exist.
 */
import { JwtError, signJwt, verifyJwt } from '@coffer/protocol';
import type { Credential, CredentialProvider } from './types.js';
import type { IamStore, TemporaryCredentialRecord } from './iam-store.js';
import { generateAccessKey, generateSecretKey } from './generate-keys.js';

export interface IamSystemOptions {
  root: { accessKey: string; secretKey: string };
  store: IamStore;
  /** Clock in milliseconds since the epoch (tests move it to expire credentials). */
  now?: () => number;
  log?: (line: string) => void;
}

export interface IssueTemporaryCredentialOptions {
  /** The long-term user the credentials act for. */
  parentUser: string;
  durationSeconds: number;
  /** Session policy JSON text (already validated by the caller). */
  sessionPolicy?: string;
}

/**
 * True for the root credential and for credentials acting for root (its temporary credentials):
 * the callers allowed everything until IAM policies arrive (issue 4).
 */
export function actsForRoot(root: Credential, credential: Credential): boolean {
  if (credential.kind === 'root') return credential.accessKey === root.accessKey;
  return credential.kind === 'temporary' && credential.parentUser === root.accessKey;
}

export class IamSystem implements CredentialProvider {
  readonly root: Credential;
  private readonly temporary = new Map<string, Credential>();
  private readonly store: IamStore;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  private constructor(options: IamSystemOptions) {
    this.root = {
      accessKey: options.root.accessKey,
      secretKey: options.root.secretKey,
      kind: 'root',
      enabled: true,
    };
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
  }

  /** Build the registry and load persisted temporary credentials (dropping stale ones). */
  static async load(options: IamSystemOptions): Promise<IamSystem> {
    const iam = new IamSystem(options);
    for (const record of await iam.store.listTemporaryCredentials()) {
      const credential = iam.fromRecord(record);
      if (credential) iam.temporary.set(credential.accessKey, credential);
      else iam.forget(record.accessKey);
    }
    return iam;
  }

  async lookup(accessKey: string): Promise<Credential | undefined> {
    if (accessKey === this.root.accessKey) return this.root;
    const credential = this.temporary.get(accessKey);
    if (!credential) return undefined;
    if (this.isExpired(credential)) {
      this.forget(accessKey);
      return undefined;
    }
    return credential;
  }

  /** True for root and for credentials acting for root (its temporary credentials). */
  isOwner(credential: Credential): boolean {
    return actsForRoot(this.root, credential);
  }

  /** Issue, persist and return new temporary credentials (STS AssumeRole). */
  async issueTemporaryCredential(options: IssueTemporaryCredentialOptions): Promise<Credential> {
    this.sweepExpired();
    let accessKey = generateAccessKey();
    // 36^20 keys make a collision practically impossible; checking costs nothing.
    while (accessKey === this.root.accessKey || this.temporary.has(accessKey))
      accessKey = generateAccessKey();
    const secretKey = generateSecretKey();
    // Whole seconds: the JWT `exp` claim and the XML Expiration carry no fractions.
    const expiresAt = Math.floor(this.now() / 1000) + options.durationSeconds;
    const claims: Record<string, unknown> = { accessKey, exp: expiresAt, parent: options.parentUser };
    if (options.sessionPolicy !== undefined) {
      claims.sessionPolicy = Buffer.from(options.sessionPolicy, 'utf8').toString('base64');
    }
    const sessionToken = signJwt(claims, this.root.secretKey, 'HS512');
    const credential: Credential = {
      accessKey,
      secretKey,
      kind: 'temporary',
      parentUser: options.parentUser,
      sessionToken,
      expiration: new Date(expiresAt * 1000),
      enabled: true,
      ...(options.sessionPolicy !== undefined ? { sessionPolicy: options.sessionPolicy } : {}),
    };
    await this.store.saveTemporaryCredential(toRecord(credential));
    this.temporary.set(accessKey, credential);
    return credential;
  }

  /** Number of live temporary credentials (for tests and metrics). */
  get temporaryCount(): number {
    return this.temporary.size;
  }

  private isExpired(credential: Credential): boolean {
    return credential.expiration !== undefined && credential.expiration.getTime() <= this.now();
  }

  private sweepExpired(): void {
    for (const credential of this.temporary.values()) {
      if (this.isExpired(credential)) this.forget(credential.accessKey);
    }
  }

  /** Drop from memory now and from the store in the background (a failure only leaves a stale file). */
  private forget(accessKey: string): void {
    this.temporary.delete(accessKey);
    this.store.deleteTemporaryCredential(accessKey).catch((err: unknown) => {
      this.log(`iam: could not delete expired temporary credential ${accessKey}: ${String(err)}`);
    });
  }

  /** A stored record as a live credential, or undefined when it expired or its token no longer verifies. */
  private fromRecord(record: TemporaryCredentialRecord): Credential | undefined {
    const expiration = new Date(record.expiration);
    if (Number.isNaN(expiration.getTime()) || expiration.getTime() <= this.now()) return undefined;
    try {
      const claims = verifyJwt(record.sessionToken, this.root.secretKey, { now: new Date(this.now()) });
      if (claims.accessKey !== record.accessKey) return undefined;
    } catch (err) {
      if (err instanceof JwtError) return undefined;
      throw err;
    }
    return {
      accessKey: record.accessKey,
      secretKey: record.secretKey,
      kind: 'temporary',
      parentUser: record.parentUser,
      sessionToken: record.sessionToken,
      expiration,
      enabled: true,
      ...(record.sessionPolicy !== undefined ? { sessionPolicy: record.sessionPolicy } : {}),
    };
  }
}

function toRecord(credential: Credential): TemporaryCredentialRecord {
  return {
    version: 1,
    accessKey: credential.accessKey,
    secretKey: credential.secretKey,
    sessionToken: credential.sessionToken ?? '',
    expiration: (credential.expiration ?? new Date(0)).toISOString(),
    parentUser: credential.parentUser ?? '',
    ...(credential.sessionPolicy !== undefined ? { sessionPolicy: credential.sessionPolicy } : {}),
  };
}
