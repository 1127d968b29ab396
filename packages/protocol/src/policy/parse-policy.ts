/**
 * Parsing of IAM policy documents (JSON text or an already-decoded value) into the normalised
 * `Policy` of ./types.ts. The checks are those MinIO applies when it stores a policy: `Version`
 * 2012-10-17, a non-empty `Statement` (an object or a list), `Effect` Allow or Deny, exactly one
 * of `Action`/`NotAction`, at most one of `Resource`/`NotResource`, string-or-list values, and a
 * `Condition` block of operator → key → value(s). An empty `Statement` list is a valid policy that
 * grants nothing (minio/pkg accepts it; an account without policies reports one). Condition values that are booleans or numbers
 * (`"aws:SecureTransport": true`) become strings, as AWS compares them as text. Unknown fields are
 * ignored, as Go's JSON decoder does.
 */
import { isKnownConditionOperator } from './conditions.js';
import { POLICY_VERSION, type ConditionBlock, type Effect, type Policy, type Statement } from './types.js';

/** A document that is not a valid policy; `message` says why. */
export class PolicyParseError extends Error {
  override readonly name = 'PolicyParseError';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string or a non-empty list of strings → list; anything else is an error naming `field`. */
function stringList(value: unknown, field: string): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'string')) {
    return value as string[];
  }
  throw new PolicyParseError(`${field} must be a string or a non-empty list of strings`);
}

function conditionValues(value: unknown, where: string): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((v) => {
    if (typeof v === 'string') return v;
    if (typeof v === 'boolean' || typeof v === 'number') return String(v);
    throw new PolicyParseError(`Condition ${where} values must be strings, numbers or booleans`);
  });
}

function parseCondition(value: unknown): ConditionBlock {
  if (!isRecord(value)) throw new PolicyParseError('Condition must be an object');
  const block: ConditionBlock = {};
  for (const [operator, keys] of Object.entries(value)) {
    if (!isRecord(keys)) throw new PolicyParseError(`Condition ${operator} must be an object of keys`);
    const entries: Record<string, string[]> = {};
    for (const [key, values] of Object.entries(keys)) {
      entries[key] = conditionValues(values, `${operator}.${key}`);
    }
    block[operator] = entries;
  }
  return block;
}

function parseStatement(value: unknown, index: number): Statement {
  if (!isRecord(value)) throw new PolicyParseError(`Statement ${index} must be an object`);
  const effect = value.Effect;
  if (effect !== 'Allow' && effect !== 'Deny') {
    throw new PolicyParseError(
      `Statement ${index}: invalid Effect ${JSON.stringify(effect)}, expecting Allow or Deny`,
    );
  }
  const statement: Statement = { Effect: effect as Effect };
  if (typeof value.Sid === 'string') statement.Sid = value.Sid;

  if ((value.Action === undefined) === (value.NotAction === undefined)) {
    throw new PolicyParseError(`Statement ${index} needs exactly one of Action and NotAction`);
  }
  if (value.Action !== undefined) statement.Action = stringList(value.Action, 'Action');
  if (value.NotAction !== undefined) statement.NotAction = stringList(value.NotAction, 'NotAction');

  if (value.Resource !== undefined && value.NotResource !== undefined) {
    throw new PolicyParseError(`Statement ${index} cannot have both Resource and NotResource`);
  }
  if (value.Resource !== undefined) statement.Resource = stringList(value.Resource, 'Resource');
  if (value.NotResource !== undefined) {
    statement.NotResource = stringList(value.NotResource, 'NotResource');
  }
  if (value.Condition !== undefined) statement.Condition = parseCondition(value.Condition);
  return statement;
}

/** Parse and check a policy document: JSON text, or a value already decoded from JSON. */
export function parsePolicy(input: string | unknown): Policy {
  let doc: unknown = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (err) {
      throw new PolicyParseError(`policy is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (!isRecord(doc)) throw new PolicyParseError('policy must be a JSON object');
  if (doc.Version === undefined || doc.Version === '') {
    throw new PolicyParseError(`Version cannot be empty, expecting '${POLICY_VERSION}'`);
  }
  if (doc.Version !== POLICY_VERSION) {
    throw new PolicyParseError(
      `invalid policy version '${String(doc.Version)}', expecting '${POLICY_VERSION}'`,
    );
  }
  if (doc.Statement === undefined || doc.Statement === null) {
    throw new PolicyParseError('policy has no Statement');
  }
  const raw = Array.isArray(doc.Statement) ? (doc.Statement as unknown[]) : [doc.Statement];
  const policy: Policy = { Version: POLICY_VERSION, Statement: raw.map(parseStatement) };
  if (typeof doc.Id === 'string') policy.Id = doc.Id;
  return policy;
}

const S3_ACTION = /^s3:/i;

/**
 * The stricter checks MinIO makes before it stores a policy (minio/pkg `Statement.isValid`), for
 * servers validating what they are given; `parsePolicy` alone stays lenient so a client can read
 * any policy a server reports. Refused: condition operators the evaluator does not know (they
 * could never grant anything), and S3 statements without `Resource` or `NotResource`.
 */
export function validatePolicy(policy: Policy): void {
  policy.Statement.forEach((statement, index) => {
    for (const operator of Object.keys(statement.Condition ?? {})) {
      if (!isKnownConditionOperator(operator)) {
        throw new PolicyParseError(`Statement ${index}: invalid condition name '${operator}'`);
      }
    }
    const actions = statement.Action ?? statement.NotAction ?? [];
    const s3 = actions.some((a) => S3_ACTION.test(a) || a === '*');
    if (s3 && statement.Resource === undefined && statement.NotResource === undefined) {
      throw new PolicyParseError(`Statement ${index}: Resource must not be empty`);
    }
  });
}
