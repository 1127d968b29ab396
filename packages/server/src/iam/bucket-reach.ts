/**
 * "Can this policy reach the bucket?" — what the Access Audit tab lists (spec 1 §2: the policies
 * and the users that can reach a bucket), decided on the console server with the policy code the
 * engine enforces with (`@coffer/protocol`).
 *
 * A set of policies reaches bucket B when
 * 1. it allows, by exact evaluation, one of the usual S3 actions on B itself or on objects in it
 *    (`arn:aws:s3:::B`, `arn:aws:s3:::B/*`); or
 * 2. an Allow statement names an S3 action on a resource in B (`B`, `B/prefix/*`, `team-*`…) —
 *    conditions set aside, since a user limited to a prefix or to some requests still reaches the
 *    bucket — and the Deny statements do not refuse every one of those actions in B.
 * Policy variables are replaced by the user's name when there is one; for a policy on its own
 * (no user yet) an unresolved variable may stand for anything.
 */
import { evaluate, matchWildcard, type Policy, type Statement } from '@coffer/protocol';

const S3_ARN = 'arn:aws:s3:::';

/** Bucket-level actions probed on `arn:aws:s3:::B`. */
const BUCKET_ACTIONS = [
  's3:ListBucket',
  's3:ListBucketVersions',
  's3:ListBucketMultipartUploads',
  's3:GetBucketLocation',
  's3:GetBucketPolicy',
  's3:PutBucketPolicy',
  's3:DeleteBucket',
] as const;

/** Object-level actions probed on `arn:aws:s3:::B/*`. */
const OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:GetObjectVersion'] as const;

const ALL_ACTIONS: readonly string[] = [...BUCKET_ACTIONS, ...OBJECT_ACTIONS];

function conditionsOf(username: string | undefined): Record<string, string[]> | undefined {
  return username === undefined ? undefined : { 'aws:username': [username] };
}

/** Rule 1: an exact allow of some usual action on the bucket or its objects. */
function allowsExactly(policies: readonly Policy[], bucket: string, username: string | undefined): boolean {
  const conditions = conditionsOf(username);
  const ask = (action: string, resource: string): boolean =>
    evaluate(policies, { action, resource, ...(conditions ? { conditions } : {}) });
  return (
    BUCKET_ACTIONS.some((a) => ask(a, `${S3_ARN}${bucket}`)) ||
    OBJECT_ACTIONS.some((a) => ask(a, `${S3_ARN}${bucket}/*`))
  );
}

function namesS3Action(statement: Statement): boolean {
  if (statement.Action)
    return statement.Action.some((p) => ALL_ACTIONS.some((a) => matchWildcard(p, a, true)));
  if (statement.NotAction)
    return ALL_ACTIONS.some((a) => !statement.NotAction?.some((p) => matchWildcard(p, a, true)));
  return false;
}

/** Does a resource pattern cover the bucket or something inside it? */
function patternInBucket(rawPattern: string, bucket: string, username: string | undefined): boolean {
  const pattern = rawPattern.replace(/\$\{([^}]+)\}/g, (whole, key: string) =>
    key.toLowerCase() === 'aws:username' && username !== undefined ? username : '*',
  );
  if (pattern === '*') return true;
  if (!pattern.startsWith(S3_ARN)) return false;
  const path = pattern.slice(S3_ARN.length);
  const slash = path.indexOf('/');
  // The bucket part (a `*` in it may also span the slash, e.g. `team*`).
  const bucketPart = slash < 0 ? path : path.slice(0, slash);
  return matchWildcard(bucketPart, bucket) || (slash < 0 && matchWildcard(path, `${bucket}/x`));
}

function statementInBucket(statement: Statement, bucket: string, username: string | undefined): boolean {
  if (statement.Resource) return statement.Resource.some((p) => patternInBucket(p, bucket, username));
  if (statement.NotResource) {
    // Reaches the bucket unless the exclusions cover the bucket and all of its objects.
    return !statement.NotResource.some((p) => {
      const path = p.startsWith(S3_ARN) ? p.slice(S3_ARN.length) : p;
      return p === '*' || matchWildcard(path, `${bucket}/*`) || path === `${bucket}*`;
    });
  }
  return true;
}

/** Rule 2's deny check: with every S3 action allowed, do the Deny statements still refuse all of them in B? */
function deniesEverything(
  policies: readonly Policy[],
  bucket: string,
  username: string | undefined,
): boolean {
  const allowAll: Policy = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['*'] }],
  };
  const denies: Policy[] = policies.map((p) => ({
    ...p,
    Statement: p.Statement.filter((s) => s.Effect === 'Deny'),
  }));
  return !allowsExactly([...denies, allowAll], bucket, username);
}

/**
 * Does the union of `policies` reach `bucket`? `username` resolves `${aws:username}` (a user's
 * effective policy); without it the policies are judged on their own.
 */
export function policiesReachBucket(policies: readonly Policy[], bucket: string, username?: string): boolean {
  if (allowsExactly(policies, bucket, username)) return true;
  const named = policies.some((p) =>
    p.Statement.some(
      (s) => s.Effect === 'Allow' && namesS3Action(s) && statementInBucket(s, bucket, username),
    ),
  );
  return named && !deniesEverything(policies, bucket, username);
}
