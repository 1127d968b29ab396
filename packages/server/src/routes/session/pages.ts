/**
 * Which console pages an account may open, from its effective policy — the one table of it.
 *
 * A page is allowed when the policy could allow at least one of its actions somewhere (see
 * `isActionAllowedSomewhere`): a page is a place to work, and the storage server still decides
 * every call made from it. Only pages that exist are listed; each later feature adds its row
 * (e.g. /users ← admin:ListUsers, /dashboard ← admin:ServerInfo, /groups ← admin:ListGroups).
 * `/login` (the sign-out entry of the side menu, spec 1 §2) is always allowed.
 *
 * Also here: has-permission, evaluated with the same policy code the engine uses (user needs #11).
 */
import type { PermissionCheck } from '@coffer/contract';
import { evaluate, isActionAllowedSomewhere, type Policy } from '@coffer/protocol';
import type { AccountState } from '../../session/account-state.js';

export interface PageRule {
  page: string;
  /** Any of these allowed somewhere opens the page; empty = always. */
  anyOf: readonly string[];
}

export const PAGE_RULES: readonly PageRule[] = [
  { page: '/buckets', anyOf: ['s3:ListAllMyBuckets', 's3:ListBucket', 's3:CreateBucket'] },
  {
    page: '/object-browser',
    anyOf: ['s3:ListAllMyBuckets', 's3:ListBucket', 's3:GetObject', 's3:PutObject'],
  },
  { page: '/login', anyOf: [] },
];

export function allowedPages(policies: readonly Policy[]): string[] {
  return PAGE_RULES.filter(
    (rule) =>
      rule.anyOf.length === 0 || rule.anyOf.some((action) => isActionAllowedSomewhere(policies, action)),
  ).map((rule) => rule.page);
}

/**
 * has-permission: with a bucket, the exact decision for that bucket; without one, whether the
 * action is allowed on at least one resource (e.g. "may this account create buckets?").
 */
export function checkPermissions(
  state: AccountState,
  checks: readonly PermissionCheck[],
): { id: string; can: boolean }[] {
  const conditions = { 'aws:username': [state.accountName] };
  return checks.map((check) => ({
    id: check.id,
    can:
      check.bucket_name !== undefined && check.bucket_name !== ''
        ? evaluate(state.policies, {
            action: check.action,
            resource: `arn:aws:s3:::${check.bucket_name}`,
            conditions,
          })
        : isActionAllowedSomewhere(state.policies, check.action),
  }));
}
