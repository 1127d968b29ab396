/**
 * Which console pages an account may open, from its effective policy — the one table of it — and
 * has-permission, both evaluated with the policy code the engine enforces with (`@coffer/protocol`;
 * user needs #11), so what the UI offers is what the storage server allows.
 *
 * A page is listed when its rule holds:
 * - `anyOf`: one of the actions is allowed on at least one resource (`isActionAllowedSomewhere`) —
 *   the page is a place to work; the storage server still decides every call made from it.
 * - `selfService`: MinIO's self-service rule — the account acts on itself, which the server allows
 *   unless the action is explicitly denied (deny-only), whatever else the policy says.
 * - `ownPassword`: the account is a built-in user signed in with its own keys (see
 *   session/account-state.ts); MinIO refuses it for root, service accounts and temporary keys.
 * - `adminApi`: the page needs MinIO's admin API; never listed when the server does not offer it.
 * - `distributed`: only in distributed mode (an erasure-coded backend of more than one drive).
 * Credentials restricted by a policy of their own (a service account's) are judged by the
 * intersection: an action must pass both the account's policies and the restriction; and they
 * get no self-service pages, as the storage server refuses such credentials acting on their
 * account. `/login` (the sign-out entry of the side menu, spec 1 §2) is always listed (its `access` is `{}`). Detail pages
 * (/users/{name}, /policies/{name}, /buckets/{name}/…) go with their section's entry.
 *
 * The pages and their rules are the contract's page catalogue (`PAGES` in
 * packages/contract/src/pages.ts): pages without `access` are not served yet and never listed.
 */
import { PAGES, type ConsolePage, type PageAccess, type PermissionCheck } from '@coffer/contract';
import {
  bucketPolicyVerdict,
  combineAccess,
  evaluate,
  isActionAllowedSomewhere,
  type AccessVerdict,
  type BucketPolicy,
  type Policy,
  type PolicyRequest,
} from '@coffer/protocol';
import type { AccountState } from '../../session/account-state.js';

/** Deny-only evaluation (MinIO `Args.DenyOnly`, the engine's too): allowed unless a Deny applies. */
export function isNotDenied(policies: readonly Policy[], action: string, accountName: string): boolean {
  return evaluate(policies, { action, conditions: { 'aws:username': [accountName] } }, { denyOnly: true });
}

/**
 * `adminApi` absent: the server offers it (tests and callers that predate its detection);
 * `distributedMode` absent: not distributed (spec 1 §9's default).
 */
type PageState = Omit<AccountState, 'distributedMode' | 'adminApi'> & {
  adminApi?: boolean;
  distributedMode?: boolean;
};

/** Allowed somewhere by the policies and, when there is one, by the restriction too. */
export function allowedSomewhere(state: PageState, action: string): boolean {
  return (
    isActionAllowedSomewhere(state.policies, action) &&
    (state.sessionPolicy === undefined || isActionAllowedSomewhere([state.sessionPolicy], action))
  );
}

function ruleHolds(rule: PageAccess, state: PageState): boolean {
  // Operator pages belong to operator sessions (operatorPages below), never to storage ones.
  if (rule.session === 'operator') return false;
  if (rule.adminApi && state.adminApi === false) return false;
  if (rule.distributed && state.distributedMode !== true) return false;
  if (rule.ownPassword && !state.ownPasswordChangeable) return false;
  if (
    rule.selfService !== undefined &&
    (state.sessionPolicy !== undefined || !isNotDenied(state.policies, rule.selfService, state.accountName))
  )
    return false;
  if (rule.anyOf !== undefined && !rule.anyOf.some((a) => allowedSomewhere(state, a))) return false;
  return true;
}

export function allowedPages(state: PageState): string[] {
  return PAGES.flatMap((page) => ('access' in page && ruleHolds(page.access, state) ? [page.path] : []));
}

/**
 * An operator session's pages (operator mode): exactly the catalogue's pages for operator or any
 * session. The service account's own Kubernetes RBAC decides each call made from them.
 */
export function operatorPages(): string[] {
  return PAGES.flatMap((page: ConsolePage) => {
    const kind = page.access?.session;
    return kind === 'operator' || kind === 'any' ? [page.path] : [];
  });
}

/** IAM's answer to one request: an explicit Deny, an Allow, or nothing said. */
function verdictOf(policies: readonly Policy[], request: PolicyRequest): AccessVerdict {
  if (!evaluate(policies, request, { denyOnly: true })) return 'deny';
  return evaluate(policies, request) ? 'allow' : 'none';
}

/** What the storage server adds to the account's IAM policies for bucket checks. */
export interface BucketAccess {
  /** The bucket policies the session could read, by bucket (absent or undefined: IAM alone). */
  policies: ReadonlyMap<string, BucketPolicy | undefined>;
  /** The account is the server's owner (root): no bucket policy limits it. */
  owner: boolean;
}

/**
 * has-permission: with a bucket, the exact decision for that bucket — or, with a prefix too, for the
 * objects under it (resource `bucket/prefix*`, which a statement on `bucket/*` or on the prefix
 * covers; what the object browser asks before offering Upload or Delete) — combining the account's
 * IAM policies, its restriction and the bucket's policy as the engine does (`combineAccess`: an
 * explicit Deny anywhere wins, a bucket-policy Allow naming the account grants without IAM, the owner
 * is never limited by a bucket policy); without one, whether the action is allowed on at least one
 * resource (e.g. "may this account create buckets?").
 */
export function checkPermissions(
  state: Omit<AccountState, 'adminApi'>,
  checks: readonly PermissionCheck[],
  buckets: BucketAccess = { policies: new Map(), owner: false },
): { id: string; can: boolean }[] {
  const conditions = { 'aws:username': [state.accountName] };
  const restriction = state.sessionPolicy;
  return checks.map((check) => {
    if (check.bucket_name === undefined || check.bucket_name === '') {
      return { id: check.id, can: allowedSomewhere(state, check.action) };
    }
    const resource =
      check.prefix === undefined
        ? `arn:aws:s3:::${check.bucket_name}`
        : `arn:aws:s3:::${check.bucket_name}/${check.prefix}*`;
    const request = { action: check.action, resource, conditions };
    const policy = buckets.policies.get(check.bucket_name);
    const inputs = {
      caller: buckets.owner ? 'root' : 'account',
      iam: verdictOf(state.policies, request),
      bucket: bucketPolicyVerdict(policy, { anonymous: false, account: state.accountName }, request),
    } as const;
    const can = combineAccess(
      restriction === undefined ? inputs : { ...inputs, session: verdictOf([restriction], request) },
    );
    return { id: check.id, can };
  });
}
