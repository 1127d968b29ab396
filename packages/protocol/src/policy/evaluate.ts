/**
 * IAM policy evaluation as AWS and MinIO define it: a request is allowed when at least one
 * statement allows it and no statement denies it (an explicit Deny always wins; no match means
 * deny). A statement applies when its actions, its resources and its conditions all match.
 *
 * - Actions: `Action` patterns (or everything except the `NotAction` ones), with `*`/`?`
 *   wildcards, compared case-insensitively (`s3:*`, `s3:Get*`, `admin:*`). As in MinIO
 *   (minio/pkg `ActionSet.Match`), naming `s3:GetObjectVersion` implies `s3:GetObject`.
 * - Resources: `Resource` patterns (or everything except `NotResource`), `*`/`?` wildcards,
 *   case-sensitive, with policy variables (`${aws:username}`) replaced from the request's condition
 *   values (./variables.ts). S3 ARNs follow MinIO (minio/pkg `Resource.Match`): a bucket-level
 *   request is matched as `bucket/`, so both `arn:aws:s3:::bucket` and `arn:aws:s3:::bucket/*`
 *   cover it, and an account-level request (no resource, e.g. `s3:ListAllMyBuckets`) is matched as
 *   `/`, which only `*`-patterns cover. For `admin:`, `kms:` and `sts:` actions resources are not
 *   checked, as MinIO ignores them for admin statements. A statement without
 *   Resource/NotResource covers everything.
 * - Conditions: see ./conditions.ts. A condition the evaluator does not understand makes an Allow
 *   statement not apply and a Deny statement apply — failing closed both ways.
 * - `denyOnly`: only Deny statements are consulted (MinIO `Args.DenyOnly`): "allowed unless
 *   explicitly denied", used for self-service calls such as changing one's own password.
 */
import { evaluateConditions } from './conditions.js';
import type { Policy, PolicyRequest, Statement } from './types.js';
import { substituteVariables } from './variables.js';
import { matchWildcard } from './wildcard.js';

const S3_ARN_PREFIX = 'arn:aws:s3:::';

/** Actions a statement grants besides the ones it names (minio/pkg `implicitActions`, S3 part). */
const IMPLIED_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  's3:getobjectversion': ['s3:getobject'],
};

export interface EvaluateOptions {
  /** Consult only Deny statements: allowed unless explicitly denied. */
  denyOnly?: boolean;
}

/** Actions whose statements are matched without looking at resources (MinIO `isAdmin`/`isKMS`). */
function ignoresResources(action: string): boolean {
  const lower = action.toLowerCase();
  return lower.startsWith('admin:') || lower.startsWith('kms:') || lower.startsWith('sts:');
}

function actionPatternMatches(pattern: string, action: string): boolean {
  if (matchWildcard(pattern, action, true)) return true;
  const implied = IMPLIED_ACTIONS[pattern.toLowerCase()];
  return implied !== undefined && implied.includes(action.toLowerCase());
}

function actionMatches(statement: Statement, action: string): boolean {
  if (statement.Action) return statement.Action.some((p) => actionPatternMatches(p, action));
  if (statement.NotAction) return !statement.NotAction.some((p) => matchWildcard(p, action, true));
  return false;
}

/** One resource pattern against the request's resource (MinIO semantics, see the module comment). */
function resourcePatternMatches(rawPattern: string, request: PolicyRequest): boolean {
  if (rawPattern === '*') return true;
  const resource = request.resource;
  if (!rawPattern.startsWith(S3_ARN_PREFIX)) {
    const pattern = substituteVariables(rawPattern, request.conditions, true);
    return pattern !== undefined && resource !== undefined && matchWildcard(pattern, resource, false, true);
  }
  let path: string;
  if (resource === undefined) path = '/';
  else if (resource.startsWith(S3_ARN_PREFIX)) path = resource.slice(S3_ARN_PREFIX.length);
  else return false;
  // A bucket-level resource is "bucket/" (MinIO appends the slash when there is no object name).
  if (resource !== undefined && !path.includes('/')) path += '/';
  const raw = rawPattern.slice(S3_ARN_PREFIX.length);
  const pattern = substituteVariables(raw, request.conditions, true);
  // A variable the request cannot fill: the pattern matches nothing.
  if (pattern === undefined) return false;
  // MinIO: path.Clean(resource) equal to the pattern matches, so `bucket` covers `bucket/`.
  const cleaned = path.replace(/\/+$/, '');
  if (cleaned !== '' && cleaned === substituteVariables(raw, request.conditions, false)) return true;
  return matchWildcard(pattern, path, false, true);
}

function resourceMatches(statement: Statement, request: PolicyRequest): boolean {
  if (ignoresResources(request.action)) return true;
  if (statement.Resource) return statement.Resource.some((p) => resourcePatternMatches(p, request));
  if (statement.NotResource) {
    return !statement.NotResource.some((p) => resourcePatternMatches(p, request));
  }
  return true;
}

/**
 * Is `request` allowed by the union of `policies`? Explicit Deny wins, otherwise any Allow
 * (with `denyOnly`: allowed unless some Deny applies).
 */
export function evaluate(
  policies: readonly Policy[],
  request: PolicyRequest,
  options: EvaluateOptions = {},
): boolean {
  let allowed = false;
  for (const policy of policies) {
    for (const statement of policy.Statement) {
      if (options.denyOnly && statement.Effect !== 'Deny') continue;
      if (statement.Effect === 'Allow' && allowed) continue;
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
  return options.denyOnly === true ? true : allowed;
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
