/**
 * The bucket policy: an IAM policy document whose statements also name a `Principal` — who the
 * statement speaks for. Parsed with `@coffer/protocol`'s policy parser (one statement language
 * with IAM), each statement kept with its principals, so `bucketPolicyVerdict` can hand the
 * statements that apply to a caller to the same evaluator IAM uses.
 *
 * Checks, as MinIO/AWS make them when a policy is stored (all answered as 400 `MalformedPolicy`
 * with a message saying what is wrong): valid JSON, Version 2012-10-17, a Principal on every
 * statement (`*`, `{"AWS": "*"}`, `{"AWS": [names or ARNs]}`), S3 actions only, a Resource on
 * every statement, and (`checkBucketPolicy`, which needs the bucket) every resource inside the
 * bucket and object actions given an object resource. The 20 KiB limit is the handler's.
 */
import {
  PolicyParseError,
  evaluate,
  matchWildcard,
  parsePolicy,
  validatePolicy,
  type Policy,
  type PolicyRequest,
  type Statement,
} from '@coffer/protocol';
import { MalformedBucketPolicy } from './errors.js';

/** One statement and the principals it speaks for (`*`: everyone, anonymous requests included). */
export interface BucketPolicyStatement {
  principals: string[];
  /** The statement for the evaluator (without its Principal). */
  statement: Statement;
}

export interface BucketPolicy {
  version: string;
  statements: BucketPolicyStatement[];
}

/** Largest policy document S3 and MinIO accept (20 KiB). */
export const MAX_BUCKET_POLICY_BYTES = 20 * 1024;

const S3_ARN_PREFIX = 'arn:aws:s3:::';

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `*` or `{"AWS": "*" | [..]}` → the list of principal names; MalformedPolicy otherwise. */
function parsePrincipal(value: unknown, index: number): string[] {
  if (value === undefined) {
    throw new MalformedBucketPolicy(`Statement ${index}: a bucket policy statement needs a Principal.`);
  }
  if (value === '*') return ['*'];
  const aws = isObject(value) ? value.AWS : undefined;
  const list = typeof aws === 'string' ? [aws] : aws;
  if (!Array.isArray(list) || list.length === 0 || list.some((p) => typeof p !== 'string' || p === '')) {
    throw new MalformedBucketPolicy(
      `Statement ${index}: invalid Principal ${JSON.stringify(value)}, expecting "*" or {"AWS": [...]}.`,
    );
  }
  return list as string[];
}

/** Parse a bucket policy JSON document (MalformedPolicy, with the reason, when it is not one). */
export function parseBucketPolicy(json: string): BucketPolicy {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch (err) {
    throw new MalformedBucketPolicy(`The policy is not valid JSON: ${(err as Error).message}`);
  }
  let policy: Policy;
  try {
    policy = parsePolicy(doc);
    validatePolicy(policy);
  } catch (err) {
    if (err instanceof PolicyParseError) throw new MalformedBucketPolicy(`Invalid policy: ${err.message}.`);
    throw err;
  }
  if (policy.Statement.length === 0) {
    throw new MalformedBucketPolicy('Invalid policy: the policy needs one or more statements.');
  }
  // parsePolicy accepted `doc`, so it is an object; its statements still carry their Principal.
  const rawStatements = (doc as Record<string, unknown>).Statement;
  const raw: unknown[] = Array.isArray(rawStatements) ? rawStatements : [rawStatements];
  const statements = policy.Statement.map((statement, index): BucketPolicyStatement => {
    const source = raw[index];
    const principals = parsePrincipal(isObject(source) ? source.Principal : undefined, index);
    for (const action of statement.Action ?? statement.NotAction ?? []) {
      if (action !== '*' && !action.toLowerCase().startsWith('s3:')) {
        throw new MalformedBucketPolicy(
          `Statement ${index}: invalid action '${action}' for a bucket policy.`,
        );
      }
    }
    if (statement.Resource === undefined) {
      throw new MalformedBucketPolicy(`Statement ${index}: Resource must not be empty.`);
    }
    return { principals, statement };
  });
  return { version: policy.Version, statements };
}

/** Actions that act on objects (need an `arn:aws:s3:::bucket/…` resource). */
function isObjectAction(action: string): boolean {
  const name = action.toLowerCase();
  if (!name.startsWith('s3:')) return false;
  return (
    name.includes('object') ||
    name === 's3:abortmultipartupload' ||
    name === 's3:listmultipartuploadparts' ||
    name === 's3:bypassgovernanceretention'
  );
}

/**
 * The checks that need the bucket: every resource an S3 ARN inside `bucket` (its bucket part,
 * wildcards allowed, must match the bucket's name), and a statement naming only object actions
 * must have a resource that can name an object.
 */
export function checkBucketPolicy(policy: BucketPolicy, bucket: string): void {
  policy.statements.forEach(({ statement }, index) => {
    const resources = statement.Resource ?? [];
    for (const resource of resources) {
      if (!resource.startsWith(S3_ARN_PREFIX)) {
        throw new MalformedBucketPolicy(`Statement ${index}: invalid resource '${resource}'.`);
      }
      const path = resource.slice(S3_ARN_PREFIX.length);
      const slash = path.indexOf('/');
      const bucketPart = slash < 0 ? path : path.slice(0, slash);
      if (!matchWildcard(bucketPart, bucket) && !matchWildcard(path, `${bucket}/`)) {
        throw new MalformedBucketPolicy(
          `Statement ${index}: resource '${resource}' is outside the bucket '${bucket}'.`,
        );
      }
    }
    const actions = statement.Action ?? [];
    if (actions.length > 0 && actions.every(isObjectAction)) {
      const namesObjects = resources.some((r) => r.slice(S3_ARN_PREFIX.length).search(/[/*]/) >= 0);
      if (!namesObjects) {
        throw new MalformedBucketPolicy(
          `Statement ${index}: action '${actions[0] ?? ''}' does not apply to resource '${resources[0] ?? ''}' (object actions need arn:aws:s3:::${bucket}/…).`,
        );
      }
    }
  });
}

/** Who asks: an anonymous request, or an account (user name; the parent for derived credentials). */
export type PolicyPrincipal = { anonymous: true } | { anonymous: false; account: string };

/** Does a Principal entry name this caller? `*` names everyone; an ARN names its user. */
function principalMatches(entry: string, who: PolicyPrincipal): boolean {
  if (entry === '*') return true;
  if (who.anonymous) return false;
  // arn:aws:iam::<account>:user/<name> and MinIO's arn:minio:iam:::user/<name> name the user.
  const userAt = entry.indexOf(':user/');
  const name = entry.startsWith('arn:') && userAt >= 0 ? entry.slice(userAt + ':user/'.length) : entry;
  return matchWildcard(name, who.account);
}

/** A policy's answer to one request: an explicit Deny, an Allow, or nothing said. */
export type PolicyVerdict = 'allow' | 'deny' | 'none';

/**
 * What the bucket policy says to `who` about `request`: the statements whose Principal names the
 * caller, evaluated with the IAM evaluator (explicit Deny wins over Allow).
 */
export function bucketPolicyVerdict(
  policy: BucketPolicy | undefined,
  who: PolicyPrincipal,
  request: PolicyRequest,
): PolicyVerdict {
  if (policy === undefined) return 'none';
  const Statement = policy.statements
    .filter((s) => s.principals.some((entry) => principalMatches(entry, who)))
    .map((s) => s.statement);
  if (Statement.length === 0) return 'none';
  const applicable: Policy[] = [{ Version: policy.version, Statement }];
  if (!evaluate(applicable, request, { denyOnly: true })) return 'deny';
  return evaluate(applicable, request) ? 'allow' : 'none';
}

/**
 * Is the bucket public (GetBucketPolicyStatus `IsPublic`)? True when an Allow statement speaks
 * for everyone (`*`) without conditions, as AWS judges it.
 */
export function isPublicPolicy(policy: BucketPolicy | undefined): boolean {
  if (policy === undefined) return false;
  return policy.statements.some(
    ({ principals, statement }) =>
      statement.Effect === 'Allow' && principals.includes('*') && statement.Condition === undefined,
  );
}
