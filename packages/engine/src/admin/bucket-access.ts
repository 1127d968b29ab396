/**
 * "Which policies (and so which users) reach this bucket?" — the `bucket` filter of
 * `list-users` and `list-canned-policies` (MinIO `Policy.MatchResource`), used by a console's
 * Access Audit tab. A policy reaches a bucket when one of its Allow statements names a resource
 * pattern covering the bucket itself or something inside it.
 */
import { matchWildcard, type Policy } from '@coffer/protocol';

const S3_ARN_PREFIX = 'arn:aws:s3:::';

function patternReaches(pattern: string, bucket: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.startsWith(S3_ARN_PREFIX)) return false;
  const p = pattern.slice(S3_ARN_PREFIX.length);
  return (
    p === bucket || p.startsWith(`${bucket}/`) || matchWildcard(p, bucket) || matchWildcard(p, `${bucket}/`)
  );
}

export function policyReachesBucket(policy: Policy, bucket: string): boolean {
  return policy.Statement.some(
    (s) => s.Effect === 'Allow' && (s.Resource ?? []).some((p) => patternReaches(p, bucket)),
  );
}
