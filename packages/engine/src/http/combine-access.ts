/**
 * How the policy sources of a request add up — IAM (identity policies, a session policy) and the
 * bucket policy (with the bucket's public access block) — is one rule shared with the console
 * server: `combineAccess` in `@coffer/protocol` (`policy/bucket-policy.ts`), documented there.
 */
export { combineAccess, type AccessInputs } from '@coffer/protocol';
