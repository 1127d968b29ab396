/**
 * Bucket policies as data and their verdicts, shared by the engine (which enforces them) and the
 * console server (which must answer has-permission as the engine would decide):
 *
 * - `parseBucketPolicy`: an IAM policy document whose statements also name a `Principal` (`*`,
 *   `{"AWS": "*"}`, `{"AWS": [names or ARNs]}`), S3 actions only and a Resource on every statement;
 *   a `PolicyParseError` says what is wrong. Checks that need the bucket's name stay with the server.
 * - `bucketPolicyVerdict`: what the statements naming a caller say about a request (explicit Deny
 *   wins over Allow), evaluated with the IAM evaluator.
 * - `isPublicPolicy`: AWS's "public" test of a policy (Block Public Access, GetBucketPolicyStatus).
 * - `combineAccess`: how IAM, a session policy and the bucket policy add up to one decision.
 */
import { evaluate } from './evaluate.js';
import { PolicyParseError, parsePolicy, validatePolicy } from './parse-policy.js';
import type { Policy, PolicyRequest, Statement } from './types.js';
import { matchWildcard } from './wildcard.js';

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

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `*` or `{"AWS": "*" | [..]}` → the list of principal names. */
function parsePrincipal(value: unknown, index: number): string[] {
  if (value === undefined) {
    throw new PolicyParseError(`Statement ${index}: a bucket policy statement needs a Principal.`);
  }
  if (value === '*') return ['*'];
  const aws = isObject(value) ? value.AWS : undefined;
  const list = typeof aws === 'string' ? [aws] : aws;
  if (!Array.isArray(list) || list.length === 0 || list.some((p) => typeof p !== 'string' || p === '')) {
    throw new PolicyParseError(
      `Statement ${index}: invalid Principal ${JSON.stringify(value)}, expecting "*" or {"AWS": [...]}.`,
    );
  }
  return list as string[];
}

/**
 * Parse a bucket policy (JSON text or a decoded value). Every message is complete (it is shown to
 * the user as is): "The policy is not valid JSON: …", "Invalid policy: ….", "Statement N: …".
 */
export function parseBucketPolicy(input: string | unknown): BucketPolicy {
  let doc: unknown = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (err) {
      throw new PolicyParseError(`The policy is not valid JSON: ${(err as Error).message}`);
    }
  }
  let policy: Policy;
  try {
    policy = parsePolicy(doc);
    validatePolicy(policy);
  } catch (err) {
    if (err instanceof PolicyParseError) throw new PolicyParseError(`Invalid policy: ${err.message}.`);
    throw err;
  }
  if (policy.Statement.length === 0) {
    throw new PolicyParseError('Invalid policy: the policy needs one or more statements.');
  }
  // parsePolicy accepted `doc`, so it is an object; its statements still carry their Principal.
  const rawStatements = (doc as Record<string, unknown>).Statement;
  const raw: unknown[] = Array.isArray(rawStatements) ? rawStatements : [rawStatements];
  const statements = policy.Statement.map((statement, index): BucketPolicyStatement => {
    const source = raw[index];
    const principals = parsePrincipal(isObject(source) ? source.Principal : undefined, index);
    for (const action of statement.Action ?? statement.NotAction ?? []) {
      if (action !== '*' && !action.toLowerCase().startsWith('s3:')) {
        throw new PolicyParseError(`Statement ${index}: invalid action '${action}' for a bucket policy.`);
      }
    }
    if (statement.Resource === undefined) {
      throw new PolicyParseError(`Statement ${index}: Resource must not be empty.`);
    }
    return { principals, statement };
  });
  return { version: policy.Version, statements };
}

/** Who asks: an anonymous request, or an account (user name; the parent for derived credentials). */
export type PolicyPrincipal = { anonymous: true } | { anonymous: false; account: string };

/** Does a Principal entry name this caller? `*` names everyone; an ARN names its user. */
export function principalMatches(entry: string, who: PolicyPrincipal): boolean {
  if (entry === '*') return true;
  if (who.anonymous) return false;
  // arn:aws:iam::<account>:user/<name> and MinIO's arn:minio:iam:::user/<name> name the user.
  const userAt = entry.indexOf(':user/');
  const name = entry.startsWith('arn:') && userAt >= 0 ? entry.slice(userAt + ':user/'.length) : entry;
  return matchWildcard(name, who.account);
}

/** A policy's answer to one request: an explicit Deny, an Allow, or nothing said. */
export type AccessVerdict = 'allow' | 'deny' | 'none';

/**
 * What the bucket policy says to `who` about `request`: the statements whose Principal names the
 * caller, evaluated with the IAM evaluator (explicit Deny wins over Allow).
 */
export function bucketPolicyVerdict(
  policy: BucketPolicy | undefined,
  who: PolicyPrincipal,
  request: PolicyRequest,
): AccessVerdict {
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
 * Condition keys that, fixed to values without wildcards, make a `*` statement non-public (AWS,
 * "The meaning of public"): the grant then reaches only a known source or identity.
 */
const FIXING_KEYS = new Set([
  'aws:sourcearn',
  'aws:sourcevpc',
  'aws:sourcevpce',
  'aws:sourceowner',
  'aws:sourceaccount',
  'aws:userid',
  'aws:principalorgid',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
]);

/** Operators whose values name exact things (no wildcard matching). */
const EXACT_OPERATORS = new Set(['stringequals', 'stringequalsignorecase', 'arnequals']);

/** Does a statement's Condition limit it to fixed sources (so it is not public)? */
function conditionFixesSource(statement: Statement): boolean {
  for (const [operator, keys] of Object.entries(statement.Condition ?? {})) {
    const op = operator.toLowerCase();
    for (const [key, values] of Object.entries(keys)) {
      const name = key.toLowerCase();
      if (name === 'aws:sourceip' && op === 'ipaddress') {
        // A set of CIDRs limits the grant unless one of them is the whole address space.
        if (values.every((v) => !/\/0$/.test(v.trim()))) return true;
      } else if (FIXING_KEYS.has(name) && EXACT_OPERATORS.has(op)) {
        if (values.length > 0 && values.every((v) => !/[*?]/.test(v))) return true;
      }
    }
  }
  return false;
}

/** A Principal entry that names every caller: `*`, or a user name (ARN or not) of wildcards only. */
function namesEveryone(entry: string): boolean {
  const userAt = entry.indexOf(':user/');
  const name = entry.startsWith('arn:') && userAt >= 0 ? entry.slice(userAt + ':user/'.length) : entry;
  return /^[*?]+$/.test(name) && name.includes('*');
}

/**
 * Is the policy public (AWS's test, used by BlockPublicPolicy, RestrictPublicBuckets and
 * GetBucketPolicyStatus)? Public when an Allow statement speaks for everyone — Principal `*`, or a
 * name made of wildcards only — unless its Condition fixes the source to a set of CIDRs
 * (`IpAddress aws:SourceIp`) or to an exact aws:SourceArn / SourceVpc / SourceVpce / SourceOwner /
 * SourceAccount / userid / PrincipalOrgID or KMS key id.
 */
export function isPublicPolicy(policy: BucketPolicy | undefined): boolean {
  if (policy === undefined) return false;
  return policy.statements.some(
    ({ principals, statement }) =>
      statement.Effect === 'Allow' && principals.some(namesEveryone) && !conditionFixesSource(statement),
  );
}

export interface AccessInputs {
  /** 'root': root or acting for root; 'anonymous': no credential; 'account': a user's credential. */
  caller: 'root' | 'anonymous' | 'account';
  /** The account's IAM verdict (ignored for anonymous callers). */
  iam: AccessVerdict;
  /** The session policy's verdict, for derived credentials that carry one. */
  session?: AccessVerdict;
  /** The bucket policy's verdict for this caller ('none' without a bucket or a policy). */
  bucket: AccessVerdict;
  /**
   * The bucket's public access block has RestrictPublicBuckets and its policy is public: the
   * policy's grants reach only the bucket owner's account, so an anonymous caller gets nothing
   * from it (every account of a MinIO-style server is in the owner's account).
   */
  restrictPublic?: boolean;
}

/**
 * The decision, as AWS combines the sources within one account and MinIO for its users:
 * - root (and credentials acting for root) is never limited by a bucket policy; a session policy
 *   still narrows root's derived credentials;
 * - an explicit Deny in any of them wins;
 * - an anonymous request is allowed only by the bucket policy (a statement for Principal `*`),
 *   and not at all while RestrictPublicBuckets holds a public policy back;
 * - an account is allowed when its IAM policies or the bucket policy (a statement whose Principal
 *   names it or `*`) allow, and, for a credential with a session policy, the session policy allows
 *   too (a session policy narrows whatever grants the access).
 */
export function combineAccess(inputs: AccessInputs): boolean {
  const sessionAllows = inputs.session === undefined || inputs.session === 'allow';
  if (inputs.caller === 'root') return sessionAllows;
  if (inputs.caller === 'anonymous') return inputs.bucket === 'allow' && inputs.restrictPublic !== true;
  if (inputs.iam === 'deny' || inputs.bucket === 'deny') return false;
  return (inputs.iam === 'allow' || inputs.bucket === 'allow') && sessionAllows;
}
