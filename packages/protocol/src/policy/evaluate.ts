/**
 * IAM policy evaluation as AWS and MinIO define it: a request is allowed when at least one
 * statement allows it and no statement denies it (an explicit Deny always wins; no match means
 * deny). A statement applies when its actions, its resources and its conditions all match.
 *
 * - Actions: `Action` patterns (or everything except the `NotAction` ones), with `*`/`?`
 *   wildcards, compared case-insensitively (`s3:*`, `s3:Get*`, `admin:*`).
 * - Resources: `Resource` patterns (or everything except `NotResource`), `*`/`?` wildcards,
 *   case-sensitive, with policy variables (`${aws:username}`) replaced from the request's condition
 *   values. S3 ARNs follow MinIO (minio/pkg `Resource.Match`): a bucket-level request is matched as
 *   `bucket/`, so both `arn:aws:s3:::bucket` and `arn:aws:s3:::bucket/*` cover it, and an
 *   account-level request (no resource, e.g. `s3:ListAllMyBuckets`) is matched as `/`, which only
 *   `*`-patterns cover. For `admin:`, `kms:` and `sts:` actions resources are not checked, as MinIO
 *   ignores them for admin statements. A statement without Resource/NotResource covers everything.
 * - Conditions: see ./conditions.ts. A condition the evaluator does not understand makes an Allow
 *   statement not apply and a Deny statement apply — failing closed both ways.
 */
import { evaluateConditions, lookupCondition } from './conditions.js';
import type { Policy, PolicyRequest, Statement } from './types.js';
import { matchWildcard } from './wildcard.js';

const S3_ARN_PREFIX = 'arn:aws:s3:::';

/** Actions whose statements are matched without looking at resources (MinIO `isAdmin`/`isKMS`). */
function ignoresResources(action: string): boolean {
  const lower = action.toLowerCase();
  return lower.startsWith('admin:') || lower.startsWith('kms:') || lower.startsWith('sts:');
}

function actionMatches(statement: Statement, action: string): boolean {
  if (statement.Action) return statement.Action.some((p) => matchWildcard(p, action, true));
  if (statement.NotAction) return !statement.NotAction.some((p) => matchWildcard(p, action, true));
  return false;
}

/** Replace `${key}` policy variables with the request's first value for that key. */
function substituteVariables(pattern: string, conditions: Record<string, string[]> | undefined): string {
  if (!pattern.includes('${')) return pattern;
  return pattern.replace(/\$\{([^}]+)\}/g, (whole, key: string) => {
    const values = lookupCondition(conditions, key);
    return values?.[0] ?? whole;
  });
}

/** One resource pattern against the request's resource (MinIO semantics, see the module comment). */
function resourcePatternMatches(rawPattern: string, request: PolicyRequest): boolean {
  const pattern = substituteVariables(rawPattern, request.conditions);
  if (pattern === '*') return true;
  const resource = request.resource;
  if (!pattern.startsWith(S3_ARN_PREFIX)) {
    return resource !== undefined && matchWildcard(pattern, resource);
  }
  let path: string;
  if (resource === undefined) path = '/';
  else if (resource.startsWith(S3_ARN_PREFIX)) path = resource.slice(S3_ARN_PREFIX.length);
  else return false;
  // A bucket-level resource is "bucket/" (MinIO appends the slash when there is no object name).
  if (resource !== undefined && !path.includes('/')) path += '/';
  const p = pattern.slice(S3_ARN_PREFIX.length);
  const cleaned = path.replace(/\/+$/, '');
  return (cleaned !== '' && cleaned === p) || matchWildcard(p, path);
}

function resourceMatches(statement: Statement, request: PolicyRequest): boolean {
  if (ignoresResources(request.action)) return true;
  if (statement.Resource) return statement.Resource.some((p) => resourcePatternMatches(p, request));
  if (statement.NotResource) {
    return !statement.NotResource.some((p) => resourcePatternMatches(p, request));
  }
  return true;
}

/** Is `request` allowed by the union of `policies`? Explicit Deny wins, otherwise any Allow. */
export function evaluate(policies: readonly Policy[], request: PolicyRequest): boolean {
  let allowed = false;
  for (const policy of policies) {
    for (const statement of policy.Statement) {
      if (!actionMatches(statement, request.action) || !resourceMatches(statement, request)) continue;
      const conditions = evaluateConditions(statement.Condition, request.conditions);
      if (statement.Effect === 'Deny') {
        // An unknown condition on a Deny counts as matching: never grant by misunderstanding.
        if (conditions !== false) return false;
      } else if (conditions === true) {
        allowed = true;
      }
    }
  }
  return allowed;
}

function coversEveryResource(statement: Statement, action: string): boolean {
  if (ignoresResources(action)) return true;
  if (statement.NotResource) return false;
  if (!statement.Resource) return true;
  return statement.Resource.some((p) => p === '*' || p === `${S3_ARN_PREFIX}*`);
}

/**
 * Could `action` be allowed on at least one resource? True when some Allow statement names the
 * action (whatever its resources and conditions) and no unconditional Deny covers the action on
 * every resource. This answers "show this page?" — the storage server still decides each call.
 */
export function isActionAllowedSomewhere(policies: readonly Policy[], action: string): boolean {
  let allowed = false;
  for (const policy of policies) {
    for (const statement of policy.Statement) {
      if (!actionMatches(statement, action)) continue;
      if (statement.Effect === 'Deny') {
        if (!statement.Condition && coversEveryResource(statement, action)) return false;
      } else {
        allowed = true;
      }
    }
  }
  return allowed;
}
