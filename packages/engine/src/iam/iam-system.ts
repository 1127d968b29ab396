/**
 * The engine's identity and access registry: the root credential, long-term users, groups, canned
 * policies and their attachment to users and groups, service accounts and temporary credentials
 * issued by STS AssumeRole. It is the `CredentialProvider` request authentication
 * (`http/auth.ts`) asks for secrets, the policy decision point `http/authorize.ts` and the admin
 * handlers ask "may this credential do that?", and the place the admin API changes IAM state.
 *
 * Design:
 * - Everything is held in memory and loaded once at startup from the `IamStore`; a change is
 *   written to the store first and applied to memory after, so an acknowledged admin call
 *   survives a restart, and the next request sees it (a disabled user is refused at once). A single
 *   engine process owns its drives, so the cache is authoritative. Changes are serialised by one
 *   lock (read-modify-write of a group's members must not interleave); reads never wait.
 * - Changes touching several documents are ordered so an interruption leaves only leftovers that
 *   loading and lookups ignore: a user is removed after its service accounts, temporary
 *   credentials, group memberships and policy mapping; mappings naming missing policies or users,
 *   and members that are not users, are skipped when evaluating.
 * - Authorization (MinIO `IAMSys.IsAllowed`): root, and credentials derived from root without a
 *   session policy, may do everything. Any other credential acts for its account — the user
 *   itself, or the parent user of a service account / temporary credential — whose effective
 *   policy is the union of the user's policies and those of its enabled groups; a session policy
 *   (STS `Policy`, a restricted service account) narrows it: both must allow. Explicit Deny wins
 *   everywhere (`@coffer/protocol` `evaluate`).
 * - A credential whose account is disabled or gone stops working at once: lookups report it
 *   disabled (authentication then answers InvalidAccessKeyId), service accounts and temporary
 *   credentials included.
 * - Temporary credentials carry a session token: an HS512 JWT signed with the root secret whose
 *   claims are `accessKey`, `exp`, `parent` and optionally `sessionPolicy` (base64 of the policy
 *   JSON) — MinIO's format (wire doc §4.2). Changing the root secret invalidates every session.
 *   Expired ones are removed lazily (on lookup and whenever a new one is issued).
 * - Built-in canned policies (consoleAdmin, readonly, readwrite, writeonly, diagnostics) always
 *   exist and can be neither changed nor deleted.
 */
import {
  CANNED_POLICIES,
  CONSOLE_ADMIN_POLICY,
  JwtError,
  PolicyParseError,
  evaluate,
  mergePolicies,
  parsePolicy,
  signJwt,
  validatePolicy,
  verifyJwt,
  type Policy,
  type PolicyRequest,
} from '@coffer/protocol';
import type { Credential, CredentialProvider, FederatedIdentity } from './types.js';
import { LdapPolicyMappings } from './ldap-mappings.js';
import type {
  AccountStatus,
  GroupRecord,
  IamStore,
  PolicyMappingRecord,
  PolicyRecord,
  ServiceAccountRecord,
  TemporaryCredentialRecord,
  UserRecord,
} from './iam-store.js';
import { generateAccessKey, generateSecretKey } from './generate-keys.js';
import {
  checkAccessKey,
  checkGroupName,
  checkPolicyName,
  checkSecretKey,
  checkServiceAccountDescription,
  checkServiceAccountName,
} from './iam-names.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import {
  AdminGroupNotEmpty,
  AdminInvalidIamCredentials,
  AdminNoSuchGroup,
  AdminNoSuchPolicy,
  AdminNoSuchUser,
  AdminPolicyChangeAlreadyApplied,
  AdminServiceAccountNotFound,
  IamActionNotAllowed,
  IamPolicyInUse,
  MalformedIamPolicy,
  PolicyMissingVersion,
} from './errors.js';

export interface IamSystemOptions {
  root: { accessKey: string; secretKey: string };
  store: IamStore;
  /** Clock in milliseconds since the epoch (tests move it to expire credentials). */
  now?: () => number;
  log?: (line: string) => void;
}

/** A policy's answer to one request: an explicit Deny, an Allow, or nothing said. */
export type AccessVerdict = 'allow' | 'deny' | 'none';

/** What the policies of a credential say to a request (see `IamSystem.accessVerdict`). */
export interface IamVerdict {
  /** True for root and credentials acting for root: never limited by bucket policies. */
  owner: boolean;
  /** The account's policies (the parent user's for derived credentials); 'allow' for the owner. */
  account: AccessVerdict;
  /** The session policy of a narrowed derived credential, when it has one. */
  session?: AccessVerdict;
}

function verdictOf(policies: readonly Policy[], request: PolicyRequest): AccessVerdict {
  if (!evaluate(policies, request, { denyOnly: true })) return 'deny';
  return evaluate(policies, request) ? 'allow' : 'none';
}

export interface IssueTemporaryCredentialOptions {
  /** The long-term user the credentials act for. */
  parentUser: string;
  durationSeconds: number;
  /** Session policy JSON text (already validated by the caller). */
  sessionPolicy?: string;
  /** Credentials from an identity provider: `parentUser` is then its user id or DN, not a local user. */
  federation?: FederatedIdentity;
}

/** What `list-users` / `user-info` report about a user. */
export interface UserView {
  accessKey: string;
  status: AccountStatus;
  policies: string[];
  memberOf: string[];
  updatedAt: Date;
}

export interface GroupView {
  name: string;
  status: AccountStatus;
  members: string[];
  policies: string[];
  updatedAt: Date;
}

export interface PolicyView {
  name: string;
  /** The document as a JSON value (what the administrator stored, or the built-in). */
  document: unknown;
  builtIn: boolean;
  createDate?: Date;
  updateDate?: Date;
}

export interface AddServiceAccountOptions {
  parentUser: string;
  accessKey?: string;
  secretKey?: string;
  /** Restricting policy JSON text; absent → the parent's ("implied") policy. */
  sessionPolicy?: string;
  name?: string;
  description?: string;
  expiration?: Date;
  /** A federated user's own key: it acts by that user's identity-provider policies. */
  federation?: FederatedIdentity;
}

export interface UpdateServiceAccountOptions {
  secretKey?: string;
  status?: 'on' | 'off';
  /** A new restricting policy (JSON text), or null to go back to the implied policy. */
  sessionPolicy?: string | null;
  name?: string;
  description?: string;
  expiration?: Date;
}

export interface PolicyEntitiesQuery {
  users: string[];
  groups: string[];
  policies: string[];
}

export interface PolicyEntities {
  userMappings: {
    user: string;
    policies: string[];
    memberOfMappings: { group: string; policies: string[] }[];
  }[];
  groupMappings: { group: string; policies: string[] }[];
  policyMappings: { policy: string; users: string[]; groups: string[] }[];
}

/**
 * True for the root credential and for credentials acting for root (its temporary credentials):
 * what "the owner" means for MinIO (`owner` in `validateAdminSignature`).
 */
export function actsForRoot(root: Credential, credential: Credential): boolean {
  if (credential.kind === 'root') return credential.accessKey === root.accessKey;
  return credential.kind === 'temporary' && credential.parentUser === root.accessKey;
}

/** Parse and check a policy document for storing; the errors are MinIO's admin errors. */
export function checkPolicyDocument(text: string): { policy: Policy; compact: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new MalformedIamPolicy(`policy is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const version = (value as Record<string, unknown>).Version;
    if (version === undefined || version === '') throw new PolicyMissingVersion();
  }
  try {
    const policy = parsePolicy(value);
    validatePolicy(policy);
    return { policy, compact: JSON.stringify(value) };
  } catch (err) {
    if (err instanceof PolicyParseError) throw new MalformedIamPolicy(err.message);
    throw err;
  }
}

/** A policy that allows nothing: what an unreadable stored session policy becomes (fail closed). */
const DENY_ALL: Policy = { Version: '2012-10-17', Statement: [] };

function parseStoredPolicy(text: string): Policy {
  try {
    return parsePolicy(text);
  } catch {
    return DENY_ALL;
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

export class IamSystem implements CredentialProvider {
  readonly root: Credential;
  private readonly store: IamStore;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  private readonly temporary = new Map<string, Credential>();
  private readonly users = new Map<string, UserRecord>();
  private readonly groups = new Map<string, GroupRecord>();
  /** Administrator-defined canned policies (the built-ins live in CANNED_POLICIES). */
  private readonly policies = new Map<string, { record: PolicyRecord; policy: Policy }>();
  private readonly userPolicies = new Map<string, PolicyMappingRecord>();
  private readonly groupPolicies = new Map<string, PolicyMappingRecord>();
  private readonly serviceAccounts = new Map<string, ServiceAccountRecord>();
  /** Parsed session policies of temporary credentials and service accounts, by access key. */
  private readonly sessionPolicies = new Map<string, Policy>();
  /** user → groups listing it as a member (kept in step with `groups`). */
  private readonly memberOf = new Map<string, Set<string>>();
  /** Serialises changes; see the module comment. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Policies attached to LDAP user and group DNs (`ldap-mappings.ts`). */
  readonly ldap: LdapPolicyMappings;

  private constructor(options: IamSystemOptions) {
    this.root = {
      accessKey: options.root.accessKey,
      secretKey: options.root.secretKey,
      kind: 'root',
      enabled: true,
    };
    this.store = options.store;
    this.ldap = new LdapPolicyMappings(options.store);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
  }

  /** Build the registry and load the persisted state (dropping stale temporary credentials). */
  static async load(options: IamSystemOptions): Promise<IamSystem> {
    const iam = new IamSystem(options);
    const { store } = iam;
    const [records, users, groups, policies, userPolicies, groupPolicies, accounts] = await Promise.all([
      store.listTemporaryCredentials(),
      store.list('users'),
      store.list('groups'),
      store.list('policies'),
      store.list('user-policies'),
      store.list('group-policies'),
      store.list('service-accounts'),
      iam.ldap.load(),
    ]);
    for (const record of records) {
      const credential = iam.fromRecord(record);
      if (credential) iam.rememberTemporary(credential);
      else iam.forget(record.accessKey);
    }
    for (const user of users) if (user.accessKey !== iam.root.accessKey) iam.users.set(user.accessKey, user);
    for (const group of groups) iam.setGroupInMemory(group);
    for (const record of policies) {
      if (CANNED_POLICIES[record.name]) continue;
      iam.policies.set(record.name, { record, policy: parseStoredPolicy(record.policy) });
    }
    for (const mapping of userPolicies) iam.userPolicies.set(mapping.name, mapping);
    for (const mapping of groupPolicies) iam.groupPolicies.set(mapping.name, mapping);
    for (const account of accounts) iam.rememberServiceAccount(account);
    return iam;
  }

  // ------------------------------------------------------------------------------------------
  // Credentials.

  lookup(accessKey: string): Promise<Credential | undefined> {
    return Promise.resolve(this.lookupNow(accessKey));
  }

  /** `lookup` without the promise (the IAM state is in memory). */
  lookupNow(accessKey: string): Credential | undefined {
    if (accessKey === this.root.accessKey) return this.root;
    const user = this.users.get(accessKey);
    if (user) {
      return { accessKey, secretKey: user.secretKey, kind: 'user', enabled: user.status === 'enabled' };
    }
    const account = this.serviceAccounts.get(accessKey);
    if (account) {
      if (this.isExpiredServiceAccount(account)) return undefined;
      return {
        accessKey,
        secretKey: account.secretKey,
        kind: 'service-account',
        parentUser: account.parentUser,
        enabled:
          account.status === 'on' &&
          (account.federation !== undefined || this.isActiveAccount(account.parentUser)),
        ...(account.federation !== undefined ? { federation: account.federation } : {}),
        ...(account.expiration !== undefined ? { expiration: new Date(account.expiration) } : {}),
        ...(account.sessionPolicy !== undefined ? { sessionPolicy: account.sessionPolicy } : {}),
      };
    }
    const credential = this.temporary.get(accessKey);
    if (!credential) return undefined;
    if (this.isExpired(credential)) {
      this.forget(accessKey);
      return undefined;
    }
    // An identity provider's credentials have no local account to be disabled.
    if (credential.federation !== undefined) return credential;
    return this.isActiveAccount(credential.parentUser ?? '') ? credential : { ...credential, enabled: false };
  }

  /** True for root and for credentials acting for root (its temporary credentials). */
  isOwner(credential: Credential): boolean {
    return actsForRoot(this.root, credential);
  }

  /** The account a credential acts for: itself, or the parent user of derived credentials. */
  accountOf(credential: Credential): string {
    if (credential.kind === 'temporary' || credential.kind === 'service-account') {
      return credential.parentUser ?? credential.accessKey;
    }
    return credential.accessKey;
  }

  /** Root, or an existing enabled user. */
  private isActiveAccount(name: string): boolean {
    if (name === this.root.accessKey) return true;
    return this.users.get(name)?.status === 'enabled';
  }

  private isExpiredServiceAccount(account: ServiceAccountRecord): boolean {
    return account.expiration !== undefined && Date.parse(account.expiration) <= this.now();
  }

  // ------------------------------------------------------------------------------------------
  // Authorization.

  /** The canned policy called `name` (built-in or stored), or undefined. */
  policyByName(name: string): Policy | undefined {
    return CANNED_POLICIES[name] ?? this.policies.get(name)?.policy;
  }

  /** Names of the policies attached to a user directly. */
  policiesOfUser(user: string): string[] {
    return [...(this.userPolicies.get(user)?.policies ?? [])];
  }

  /** Names of the policies attached to a group. */
  policiesOfGroup(group: string): string[] {
    return [...(this.groupPolicies.get(group)?.policies ?? [])];
  }

  /** The groups a user is a member of, sorted. */
  groupsOf(user: string): string[] {
    return [...(this.memberOf.get(user) ?? [])].sort();
  }

  /** Policy names in effect for a user: its own and those of its enabled groups, once each. */
  effectivePolicyNames(user: string): string[] {
    const names = this.policiesOfUser(user);
    for (const group of this.groupsOf(user)) {
      if (this.groups.get(group)?.status !== 'enabled') continue;
      for (const name of this.policiesOfGroup(group)) if (!names.includes(name)) names.push(name);
    }
    return names;
  }

  /** A long-term account's policies as documents (root: consoleAdmin). */
  accountPolicies(account: string): Policy[] {
    if (account === this.root.accessKey) return [CONSOLE_ADMIN_POLICY];
    if (!this.users.has(account)) return [];
    const out: Policy[] = [];
    for (const name of this.effectivePolicyNames(account)) {
      const policy = this.policyByName(name);
      if (policy) out.push(policy);
    }
    return out;
  }

  /**
   * The policies a credential acts by: an identity provider's credentials by their claimed
   * policies (OpenID) or the policies of their DN and group DNs (LDAP); others by their account's.
   */
  credentialPolicies(credential: Credential): Policy[] {
    const federation = credential.federation;
    if (federation === undefined) return this.accountPolicies(this.accountOf(credential));
    const names =
      federation.provider === 'ldap'
        ? this.ldap.effective(credential.parentUser ?? '', federation.groups ?? [])
        : (federation.policies ?? []);
    return names.map((name) => this.policyByName(name)).filter((p): p is Policy => p !== undefined);
  }

  /**
   * The effective policy MinIO reports for a credential (admin `accountinfo`): consoleAdmin for
   * root and anything derived from root, else the merged policies of the account. A session
   * policy is not folded in (MinIO reports the parent's), but `isAllowed` applies it.
   */
  combinedPolicy(credential: Credential): Policy {
    return mergePolicies(this.credentialPolicies(credential));
  }

  /** The session policy narrowing a derived credential, if any. */
  sessionPolicyOf(credential: Credential): Policy | undefined {
    if (credential.sessionPolicy === undefined) return undefined;
    const cached = this.sessionPolicies.get(credential.accessKey);
    if (cached) return cached;
    const parsed = parseStoredPolicy(credential.sessionPolicy);
    this.sessionPolicies.set(credential.accessKey, parsed);
    return parsed;
  }

  /**
   * May `credential` perform `request`? See the module comment for the rules; `denyOnly` asks
   * "is it explicitly denied?" (self-service calls, MinIO `Args.DenyOnly`).
   */
  isAllowed(credential: Credential, request: PolicyRequest, options: { denyOnly?: boolean } = {}): boolean {
    if (!credential.enabled) return false;
    if (credential.kind === 'root') return credential.accessKey === this.root.accessKey;
    const account = this.accountOf(credential);
    const owner = account === this.root.accessKey;
    const parentAllows = owner || evaluate(this.credentialPolicies(credential), request, options);
    if (!parentAllows) return false;
    const session = this.sessionPolicyOf(credential);
    return session === undefined || evaluate([session], request, options);
  }

  /**
   * The IAM half of a decision that a bucket policy may complete (`http/authorize.ts` combines
   * them): the account's verdict and the session policy's, telling an explicit Deny from
   * "no Allow". A disabled credential is the caller's concern.
   */
  accessVerdict(credential: Credential, request: PolicyRequest): IamVerdict {
    const account = this.accountOf(credential);
    const owner = actsForRoot(this.root, credential) || account === this.root.accessKey;
    const verdict: IamVerdict = {
      owner,
      account: owner ? 'allow' : verdictOf(this.credentialPolicies(credential), request),
    };
    const session = this.sessionPolicyOf(credential);
    if (session !== undefined) verdict.session = verdictOf([session], request);
    return verdict;
  }

  // ------------------------------------------------------------------------------------------
  // Users.

  hasUser(name: string): boolean {
    return this.users.has(name);
  }

  listUsers(): UserView[] {
    return [...this.users.keys()].sort().map((name) => this.userView(name));
  }

  /** Throws AdminNoSuchUser. */
  userInfo(name: string): UserView {
    if (!this.users.has(name)) throw new AdminNoSuchUser();
    return this.userView(name);
  }

  private userView(name: string): UserView {
    const user = this.users.get(name);
    return {
      accessKey: name,
      status: user?.status ?? 'disabled',
      policies: this.policiesOfUser(name),
      memberOf: this.groupsOf(name),
      updatedAt: new Date(user?.updatedAt ?? 0),
    };
  }

  /**
   * Create a user or update its secret and status (admin `add-user`). A name taken by root, a
   * service account or temporary credentials is refused, as MinIO does.
   */
  async setUser(
    accessKey: string,
    options: { secretKey: string; status: AccountStatus; policies?: string[] },
  ): Promise<Date> {
    return this.exclusive(async () => {
      if (!this.users.has(accessKey)) checkAccessKey(accessKey);
      checkSecretKey(options.secretKey);
      if (
        accessKey === this.root.accessKey ||
        this.serviceAccounts.has(accessKey) ||
        this.temporary.has(accessKey)
      ) {
        throw new AdminInvalidIamCredentials();
      }
      for (const name of options.policies ?? []) this.requirePolicy(name);
      const now = this.now();
      const record: UserRecord = {
        version: 1,
        accessKey,
        secretKey: options.secretKey,
        status: options.status,
        updatedAt: iso(now),
      };
      await this.store.save('users', accessKey, record);
      this.users.set(accessKey, record);
      if (options.policies !== undefined && options.policies.length > 0) {
        await this.writeMapping(accessKey, false, options.policies, now);
      }
      return new Date(now);
    });
  }

  /** Enable or disable a user (admin `set-user-status`). */
  async setUserStatus(name: string, status: AccountStatus): Promise<Date> {
    return this.exclusive(async () => {
      if (name === this.root.accessKey) throw new IamActionNotAllowed('The root user cannot be changed');
      const user = this.users.get(name);
      if (!user) throw new AdminNoSuchUser();
      const now = this.now();
      const record: UserRecord = { ...user, status, updatedAt: iso(now) };
      await this.store.save('users', name, record);
      this.users.set(name, record);
      return new Date(now);
    });
  }

  /**
   * Remove a user with everything hanging off it: service accounts, temporary credentials, group
   * memberships and policy mapping first, the user document last (see the module comment).
   */
  async removeUser(name: string): Promise<void> {
    return this.exclusive(async () => {
      if (name === this.root.accessKey) throw new IamActionNotAllowed('The root user cannot be removed');
      if (!this.users.has(name)) throw new AdminNoSuchUser();
      for (const account of [...this.serviceAccounts.values()]) {
        if (account.parentUser !== name) continue;
        await this.store.remove('service-accounts', account.accessKey);
        this.forgetServiceAccount(account.accessKey);
      }
      for (const credential of [...this.temporary.values()]) {
        if (credential.parentUser !== name) continue;
        await this.store.deleteTemporaryCredential(credential.accessKey);
        this.temporary.delete(credential.accessKey);
        this.sessionPolicies.delete(credential.accessKey);
      }
      const now = this.now();
      for (const group of this.groupsOf(name)) {
        const record = this.groups.get(group);
        if (!record) continue;
        const next: GroupRecord = {
          ...record,
          members: record.members.filter((m) => m !== name),
          updatedAt: iso(now),
        };
        await this.store.save('groups', group, next);
        this.setGroupInMemory(next);
      }
      if (this.userPolicies.has(name)) {
        await this.store.remove('user-policies', name);
        this.userPolicies.delete(name);
      }
      await this.store.remove('users', name);
      this.users.delete(name);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Groups.

  listGroups(): string[] {
    return [...this.groups.keys()].sort();
  }

  /** Throws AdminNoSuchGroup. */
  groupInfo(name: string): GroupView {
    const group = this.groups.get(name);
    if (!group) throw new AdminNoSuchGroup();
    return {
      name,
      status: group.status,
      members: [...group.members],
      policies: this.policiesOfGroup(name),
      updatedAt: new Date(group.updatedAt),
    };
  }

  /**
   * Admin `update-group-members`: add members (creating the group, enabled, when missing —
   * members may be empty), remove members, or with `isRemove` and no members delete the group,
   * which must be empty. Members must be existing users.
   */
  async updateGroupMembers(group: string, members: string[], isRemove: boolean): Promise<Date> {
    return this.exclusive(async () => {
      const existing = this.groups.get(group);
      if (!existing) {
        if (isRemove) throw new AdminNoSuchGroup();
        checkGroupName(group);
      }
      for (const member of members) this.requireMemberUser(member);
      const now = this.now();
      if (isRemove && members.length === 0) {
        if ((existing?.members.length ?? 0) > 0) throw new AdminGroupNotEmpty();
        if (this.groupPolicies.has(group)) {
          await this.store.remove('group-policies', group);
          this.groupPolicies.delete(group);
        }
        await this.store.remove('groups', group);
        this.deleteGroupInMemory(group);
        return new Date(now);
      }
      const current = existing?.members ?? [];
      const next = isRemove
        ? current.filter((m) => !members.includes(m))
        : [...current, ...members.filter((m, i) => !current.includes(m) && members.indexOf(m) === i)];
      const record: GroupRecord = {
        version: 1,
        name: group,
        members: next,
        status: existing?.status ?? 'enabled',
        updatedAt: iso(now),
      };
      await this.store.save('groups', group, record);
      this.setGroupInMemory(record);
      return new Date(now);
    });
  }

  async setGroupStatus(group: string, status: AccountStatus): Promise<Date> {
    return this.exclusive(async () => {
      const existing = this.groups.get(group);
      if (!existing) throw new AdminNoSuchGroup();
      const now = this.now();
      const record: GroupRecord = { ...existing, status, updatedAt: iso(now) };
      await this.store.save('groups', group, record);
      this.setGroupInMemory(record);
      return new Date(now);
    });
  }

  /** Group members must be internal users; root and derived keys are refused as MinIO does. */
  private requireMemberUser(name: string): void {
    if (this.users.has(name)) return;
    if (name === this.root.accessKey || this.serviceAccounts.has(name) || this.temporary.has(name)) {
      throw new IamActionNotAllowed(`${name} is not a user and cannot be a group member`);
    }
    throw new AdminNoSuchUser(`The specified user does not exist: ${name}`);
  }

  private setGroupInMemory(record: GroupRecord): void {
    const previous = this.groups.get(record.name);
    for (const member of previous?.members ?? []) this.memberOf.get(member)?.delete(record.name);
    this.groups.set(record.name, record);
    for (const member of record.members) {
      let set = this.memberOf.get(member);
      if (!set) this.memberOf.set(member, (set = new Set()));
      set.add(record.name);
    }
  }

  private deleteGroupInMemory(name: string): void {
    for (const member of this.groups.get(name)?.members ?? []) this.memberOf.get(member)?.delete(name);
    this.groups.delete(name);
  }

  // ------------------------------------------------------------------------------------------
  // Canned policies and mappings.

  listPolicies(): PolicyView[] {
    const names = [...new Set([...Object.keys(CANNED_POLICIES), ...this.policies.keys()])].sort();
    return names.map((name) => this.policyView(name)).filter((v): v is PolicyView => v !== undefined);
  }

  /** Throws AdminNoSuchPolicy. */
  policyInfo(name: string): PolicyView {
    const view = this.policyView(name);
    if (!view) throw new AdminNoSuchPolicy();
    return view;
  }

  private policyView(name: string): PolicyView | undefined {
    const builtIn = CANNED_POLICIES[name];
    if (builtIn) return { name, document: builtIn, builtIn: true };
    const stored = this.policies.get(name);
    if (!stored) return undefined;
    return {
      name,
      document: JSON.parse(stored.record.policy) as unknown,
      builtIn: false,
      createDate: new Date(stored.record.createDate),
      updateDate: new Date(stored.record.updateDate),
    };
  }

  /** Create or replace a canned policy (admin `add-canned-policy`). */
  async setCannedPolicy(name: string, text: string): Promise<void> {
    checkPolicyName(name);
    if (CANNED_POLICIES[name]) throw new IamActionNotAllowed(`built-in policy '${name}' cannot be changed`);
    const { policy, compact } = checkPolicyDocument(text);
    return this.exclusive(async () => {
      const now = iso(this.now());
      const previous = this.policies.get(name)?.record;
      const record: PolicyRecord = {
        version: 1,
        name,
        policy: compact,
        createDate: previous?.createDate ?? now,
        updateDate: now,
      };
      await this.store.save('policies', name, record);
      this.policies.set(name, { record, policy });
    });
  }

  /** Delete a canned policy that nothing uses (admin `remove-canned-policy`). */
  async deleteCannedPolicy(name: string): Promise<void> {
    return this.exclusive(async () => {
      if (CANNED_POLICIES[name]) {
        throw new AdminInvalidArgument(`inbuilt policy '${name}' not allowed to be deleted`);
      }
      if (!this.policies.has(name)) throw new AdminNoSuchPolicy();
      const inUse = [...this.userPolicies.values(), ...this.groupPolicies.values()].some((m) =>
        m.policies.includes(name),
      );
      if (inUse || this.ldap.uses(name)) throw new IamPolicyInUse();
      await this.store.remove('policies', name);
      this.policies.delete(name);
    });
  }

  private requirePolicy(name: string): void {
    if (!this.policyByName(name)) throw new AdminNoSuchPolicy(`The canned policy does not exist: ${name}`);
  }

  private requireEntity(name: string, isGroup: boolean): void {
    if (isGroup) {
      if (!this.groups.has(name)) throw new AdminNoSuchGroup();
      return;
    }
    if (this.users.has(name)) return;
    if (name === this.root.accessKey || this.serviceAccounts.has(name) || this.temporary.has(name)) {
      throw new IamActionNotAllowed('policies attach to users and groups only');
    }
    throw new AdminNoSuchUser();
  }

  private async writeMapping(name: string, isGroup: boolean, policies: string[], now: number): Promise<void> {
    const map = isGroup ? this.groupPolicies : this.userPolicies;
    const kind = isGroup ? 'group-policies' : 'user-policies';
    if (policies.length === 0) {
      await this.store.remove(kind, name);
      map.delete(name);
      return;
    }
    const record: PolicyMappingRecord = { version: 1, name, policies, updatedAt: iso(now) };
    await this.store.save(kind, name, record);
    map.set(name, record);
  }

  /** Replace the policies of a user or group (legacy `set-user-or-group-policy`); [] clears. */
  async setPolicyMapping(name: string, isGroup: boolean, policies: string[]): Promise<Date> {
    return this.exclusive(async () => {
      this.requireEntity(name, isGroup);
      for (const policy of policies) this.requirePolicy(policy);
      const now = this.now();
      await this.writeMapping(name, isGroup, policies, now);
      return new Date(now);
    });
  }

  /**
   * Attach (or detach) policies to a user or group (`idp/builtin/policy/attach|detach`); returns
   * the ones that changed. Nothing to change → AdminPolicyChangeAlreadyApplied, as MinIO does.
   */
  async changePolicyMapping(
    name: string,
    isGroup: boolean,
    policies: string[],
    attach: boolean,
  ): Promise<{ changed: string[]; updatedAt: Date }> {
    return this.exclusive(async () => {
      this.requireEntity(name, isGroup);
      if (attach) for (const policy of policies) this.requirePolicy(policy);
      const current = isGroup ? this.policiesOfGroup(name) : this.policiesOfUser(name);
      const changed = attach
        ? policies.filter((p, i) => !current.includes(p) && policies.indexOf(p) === i)
        : policies.filter((p, i) => current.includes(p) && policies.indexOf(p) === i);
      if (changed.length === 0) throw new AdminPolicyChangeAlreadyApplied();
      const next = attach ? [...current, ...changed] : current.filter((p) => !changed.includes(p));
      const now = this.now();
      await this.writeMapping(name, isGroup, next, now);
      return { changed, updatedAt: new Date(now) };
    });
  }

  /** Admin `idp/builtin/policy-entities`: mappings filtered by users, groups and policies. */
  policyEntities(query: PolicyEntitiesQuery): PolicyEntities {
    const everything = query.users.length === 0 && query.groups.length === 0 && query.policies.length === 0;
    const userNames = everything
      ? [...this.userPolicies.keys()].filter((u) => this.users.has(u))
      : query.users.filter((u) => this.users.has(u));
    const groupNames = everything
      ? [...this.groupPolicies.keys()].filter((g) => this.groups.has(g))
      : query.groups.filter((g) => this.groups.has(g));
    const policyNames = everything
      ? [
          ...new Set([
            ...[...this.userPolicies.values()].flatMap((m) => m.policies),
            ...[...this.groupPolicies.values()].flatMap((m) => m.policies),
          ]),
        ]
      : query.policies;
    const userMappings = [...new Set(userNames)].sort().map((user) => ({
      user,
      policies: this.policiesOfUser(user),
      memberOfMappings: this.groupsOf(user)
        .map((group) => ({ group, policies: this.policiesOfGroup(group) }))
        .filter((m) => m.policies.length > 0),
    }));
    const groupMappings = [...new Set(groupNames)]
      .sort()
      .map((group) => ({ group, policies: this.policiesOfGroup(group) }));
    const policyMappings = [...new Set(policyNames)]
      .sort()
      .map((policy) => ({
        policy,
        users: [...this.userPolicies.values()]
          .filter((m) => m.policies.includes(policy) && this.users.has(m.name))
          .map((m) => m.name)
          .sort(),
        groups: [...this.groupPolicies.values()]
          .filter((m) => m.policies.includes(policy) && this.groups.has(m.name))
          .map((m) => m.name)
          .sort(),
      }))
      .filter((m) => !everything || m.users.length > 0 || m.groups.length > 0);
    return {
      userMappings: everything || query.users.length > 0 ? userMappings : [],
      groupMappings: everything || query.groups.length > 0 ? groupMappings : [],
      policyMappings: everything || query.policies.length > 0 ? policyMappings : [],
    };
  }

  /** Replace the policies of an LDAP user or group DN (`set-user-or-group-policy` with LDAP on). */
  async setLdapPolicyMapping(dn: string, isGroup: boolean, policies: string[]): Promise<Date> {
    return this.exclusive(async () => {
      for (const policy of policies) this.requirePolicy(policy);
      const now = this.now();
      await this.ldap.set(dn, isGroup, policies, iso(now));
      return new Date(now);
    });
  }

  /** `idp/ldap/policy/attach|detach`: as `changePolicyMapping`, for an LDAP DN. */
  async changeLdapPolicyMapping(
    dn: string,
    isGroup: boolean,
    policies: string[],
    attach: boolean,
  ): Promise<{ changed: string[]; updatedAt: Date }> {
    return this.exclusive(async () => {
      if (attach) for (const policy of policies) this.requirePolicy(policy);
      const current = this.ldap.policiesOf(dn, isGroup);
      const changed = policies.filter((p, i) => current.includes(p) !== attach && policies.indexOf(p) === i);
      if (changed.length === 0) throw new AdminPolicyChangeAlreadyApplied();
      const next = attach ? [...current, ...changed] : current.filter((p) => !changed.includes(p));
      const now = this.now();
      await this.ldap.set(dn, isGroup, next, iso(now));
      return { changed, updatedAt: new Date(now) };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Service accounts.

  getServiceAccount(accessKey: string): ServiceAccountRecord | undefined {
    return this.serviceAccounts.get(accessKey);
  }

  listServiceAccounts(parentUser: string): ServiceAccountRecord[] {
    return [...this.serviceAccounts.values()]
      .filter((a) => a.parentUser === parentUser)
      .sort((a, b) => a.accessKey.localeCompare(b.accessKey));
  }

  /** Is the access key used by anyone (root, user, service account, temporary credential)? */
  private isTaken(accessKey: string): boolean {
    return (
      accessKey === this.root.accessKey ||
      this.users.has(accessKey) ||
      this.serviceAccounts.has(accessKey) ||
      this.temporary.has(accessKey)
    );
  }

  private freshAccessKey(): string {
    let accessKey = generateAccessKey();
    // 36^20 keys make a collision practically impossible; checking costs nothing.
    while (this.isTaken(accessKey)) accessKey = generateAccessKey();
    return accessKey;
  }

  async addServiceAccount(options: AddServiceAccountOptions): Promise<ServiceAccountRecord> {
    if (options.accessKey !== undefined) checkAccessKey(options.accessKey);
    if (options.secretKey !== undefined) checkSecretKey(options.secretKey);
    if (options.name !== undefined) checkServiceAccountName(options.name);
    if (options.description !== undefined) checkServiceAccountDescription(options.description);
    const session =
      options.sessionPolicy !== undefined ? checkPolicyDocument(options.sessionPolicy) : undefined;
    return this.exclusive(async () => {
      const parent = options.parentUser;
      const known =
        parent === this.root.accessKey || this.users.has(parent) || options.federation !== undefined;
      if (!known) throw new AdminNoSuchUser();
      if (options.expiration !== undefined && options.expiration.getTime() <= this.now()) {
        throw new AdminInvalidArgument('the expiration must be in the future');
      }
      const accessKey = options.accessKey ?? this.freshAccessKey();
      if (this.isTaken(accessKey)) throw new IamActionNotAllowed(`access key ${accessKey} is already in use`);
      const now = iso(this.now());
      const record: ServiceAccountRecord = {
        version: 1,
        accessKey,
        secretKey: options.secretKey ?? generateSecretKey(),
        parentUser: parent,
        status: 'on',
        ...(session ? { sessionPolicy: session.compact } : {}),
        ...(options.federation !== undefined ? { federation: options.federation } : {}),
        ...(options.name !== undefined && options.name !== '' ? { name: options.name } : {}),
        ...(options.description !== undefined && options.description !== ''
          ? { description: options.description }
          : {}),
        // MinIO keeps whole seconds.
        ...(options.expiration !== undefined
          ? { expiration: iso(Math.floor(options.expiration.getTime() / 1000) * 1000) }
          : {}),
        createdAt: now,
        updatedAt: now,
      };
      await this.store.save('service-accounts', accessKey, record);
      this.rememberServiceAccount(record);
      return record;
    });
  }

  async updateServiceAccount(accessKey: string, options: UpdateServiceAccountOptions): Promise<Date> {
    if (options.secretKey !== undefined) checkSecretKey(options.secretKey);
    if (options.name !== undefined && options.name !== '') checkServiceAccountName(options.name);
    if (options.description !== undefined) checkServiceAccountDescription(options.description);
    const session =
      typeof options.sessionPolicy === 'string' ? checkPolicyDocument(options.sessionPolicy) : undefined;
    return this.exclusive(async () => {
      const current = this.serviceAccounts.get(accessKey);
      if (!current) throw new AdminServiceAccountNotFound();
      if (options.expiration !== undefined && options.expiration.getTime() <= this.now()) {
        throw new AdminInvalidArgument('the expiration must be in the future');
      }
      const now = this.now();
      const next: ServiceAccountRecord = { ...current, updatedAt: iso(now) };
      if (options.secretKey !== undefined) next.secretKey = options.secretKey;
      if (options.status !== undefined) next.status = options.status;
      if (session) next.sessionPolicy = session.compact;
      if (options.sessionPolicy === null) delete next.sessionPolicy;
      if (options.name !== undefined) {
        if (options.name === '') delete next.name;
        else next.name = options.name;
      }
      if (options.description !== undefined) {
        if (options.description === '') delete next.description;
        else next.description = options.description;
      }
      if (options.expiration !== undefined) {
        next.expiration = iso(Math.floor(options.expiration.getTime() / 1000) * 1000);
      }
      await this.store.save('service-accounts', accessKey, next);
      this.rememberServiceAccount(next);
      return new Date(now);
    });
  }

  async deleteServiceAccount(accessKey: string): Promise<void> {
    return this.exclusive(async () => {
      if (!this.serviceAccounts.has(accessKey)) throw new AdminServiceAccountNotFound();
      await this.store.remove('service-accounts', accessKey);
      this.forgetServiceAccount(accessKey);
    });
  }

  private rememberServiceAccount(record: ServiceAccountRecord): void {
    this.serviceAccounts.set(record.accessKey, record);
    this.sessionPolicies.delete(record.accessKey);
    if (record.sessionPolicy !== undefined) {
      this.sessionPolicies.set(record.accessKey, parseStoredPolicy(record.sessionPolicy));
    }
  }

  private forgetServiceAccount(accessKey: string): void {
    this.serviceAccounts.delete(accessKey);
    this.sessionPolicies.delete(accessKey);
  }

  /** A session policy as a document for display (`info-service-account`). */
  sessionPolicyDocument(accessKey: string): unknown {
    const account = this.serviceAccounts.get(accessKey);
    const text = account?.sessionPolicy ?? this.temporary.get(accessKey)?.sessionPolicy;
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  // ------------------------------------------------------------------------------------------
  // Temporary credentials.

  /** Issue, persist and return new temporary credentials (STS AssumeRole). */
  async issueTemporaryCredential(options: IssueTemporaryCredentialOptions): Promise<Credential> {
    this.sweepExpired();
    const accessKey = this.freshAccessKey();
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
      ...(options.federation !== undefined ? { federation: options.federation } : {}),
    };
    await this.store.saveTemporaryCredential(toRecord(credential));
    this.rememberTemporary(credential);
    return credential;
  }

  /** Live temporary credentials of a user (or of everyone when `parentUser` is undefined). */
  listTemporaryCredentials(parentUser?: string): Credential[] {
    this.sweepExpired();
    return [...this.temporary.values()]
      .filter((c) => parentUser === undefined || c.parentUser === parentUser)
      .sort((a, b) => a.accessKey.localeCompare(b.accessKey));
  }

  getTemporaryCredential(accessKey: string): Credential | undefined {
    const credential = this.temporary.get(accessKey);
    return credential && !this.isExpired(credential) ? credential : undefined;
  }

  /** Number of live temporary credentials (for tests and metrics). */
  get temporaryCount(): number {
    return this.temporary.size;
  }

  /** Parents of service accounts and temporary credentials, and users: every account name. */
  accountNames(): string[] {
    const names = new Set<string>(this.users.keys());
    for (const a of this.serviceAccounts.values()) names.add(a.parentUser);
    for (const c of this.temporary.values()) if (c.parentUser !== undefined) names.add(c.parentUser);
    return [...names].sort();
  }

  private rememberTemporary(credential: Credential): void {
    this.temporary.set(credential.accessKey, credential);
    if (credential.sessionPolicy !== undefined) {
      this.sessionPolicies.set(credential.accessKey, parseStoredPolicy(credential.sessionPolicy));
    }
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
    this.sessionPolicies.delete(accessKey);
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
      ...(record.federation !== undefined ? { federation: record.federation } : {}),
    };
  }

  /** Run one change at a time (see the module comment); a failed change does not block the next. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
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
    ...(credential.federation !== undefined ? { federation: credential.federation } : {}),
  };
}
