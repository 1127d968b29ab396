/**
 * The POST policy of browser form uploads (S3 "Creating a POST policy", SigV4 flavour): a base64
 * JSON document `{"expiration": ISO-8601, "conditions": [...]}` that the form's signature covers,
 * and the rules that decide whether a submitted form satisfies it.
 *
 * Conditions are `{"field": "value"}` (exact match), `["eq", "$field", "value"]`,
 * `["starts-with", "$field", "prefix"]` (for Content-Type every comma-separated value must match)
 * and `["content-length-range", min, max]` (checked while the file streams, see post-object.ts).
 * Field names compare case-insensitively. As in S3 and MinIO, every form field the client sent
 * must be named by some condition, except the ones S3 exempts (the policy and signature
 * themselves, `file`, `x-ignore-*`, and the checksum fields MinIO exempts); every `x-amz-meta-*`
 * field in particular must be covered. Pure functions: the handler supplies the form and the time.
 */
import { InvalidPolicyDocument, PostPolicyConditionFailed } from './errors.js';

export interface PolicyCondition {
  op: 'eq' | 'starts-with';
  /** Lower-case field name without the `$`. */
  field: string;
  value: string;
}

export interface PostPolicy {
  expiration: Date;
  conditions: PolicyCondition[];
  contentLengthRange?: { min: number; max: number };
}

/** Fields a form may carry without a policy condition (S3's list plus MinIO's). */
const EXEMPT_FIELDS = new Set([
  'policy',
  'x-amz-signature',
  // Signature V2 forms: the key id and signature are exempt as V4's x-amz-signature is.
  'awsaccesskeyid',
  'signature',
  'file',
  'content-encoding',
  'x-amz-checksum-algorithm',
  'x-amz-checksum-crc32',
  'x-amz-checksum-crc32c',
  'x-amz-checksum-sha1',
  'x-amz-checksum-sha256',
  'x-amz-checksum-crc64nvme',
  'x-amz-checksum-mode',
]);

/** Fields whose conditions may not use starts-with (MinIO's table, after S3's documentation). */
const EXACT_ONLY = new Set(['bucket', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date']);

function invalid(message: string): InvalidPolicyDocument {
  return new InvalidPolicyDocument(`Invalid Policy: ${message}`);
}

function failed(message = 'Invalid according to Policy: Policy Condition failed'): PostPolicyConditionFailed {
  return new PostPolicyConditionFailed(message);
}

function toInteger(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,16}$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** Decode and validate a base64 policy; InvalidPolicyDocument for anything malformed. */
export function parsePostPolicy(policyBase64: string): PostPolicy {
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(policyBase64.trim(), 'base64').toString('utf8'));
  } catch {
    throw invalid('the policy is not base64-encoded JSON.');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw invalid('the policy must be a JSON object.');
  const { expiration, conditions } = doc as { expiration?: unknown; conditions?: unknown };
  if (typeof expiration !== 'string' || Number.isNaN(Date.parse(expiration))) {
    throw invalid('expiration must be an ISO 8601 date-time.');
  }
  if (!Array.isArray(conditions)) throw invalid('conditions must be an array.');
  const policy: PostPolicy = { expiration: new Date(Date.parse(expiration)), conditions: [] };
  for (const cond of conditions) {
    if (Array.isArray(cond)) {
      if (cond.length !== 3) throw invalid(`malformed condition ${JSON.stringify(cond)}.`);
      const [op, a, b] = cond as [unknown, unknown, unknown];
      const opName = typeof op === 'string' ? op.toLowerCase() : '';
      if (opName === 'content-length-range') {
        const min = toInteger(a);
        const max = toInteger(b);
        if (min === undefined || max === undefined || min > max)
          throw invalid('content-length-range needs two integers, min ≤ max.');
        policy.contentLengthRange = { min, max };
        continue;
      }
      if (opName !== 'eq' && opName !== 'starts-with')
        throw invalid(`unknown condition operator ${JSON.stringify(op)}.`);
      if (typeof a !== 'string' || typeof b !== 'string' || !a.startsWith('$')) {
        throw invalid(`malformed condition ${JSON.stringify(cond)}.`);
      }
      policy.conditions.push({ op: opName, field: a.slice(1).toLowerCase(), value: b });
    } else if (cond !== null && typeof cond === 'object') {
      for (const [field, value] of Object.entries(cond as Record<string, unknown>)) {
        if (typeof value !== 'string') throw invalid(`the value of ${field} must be a string.`);
        policy.conditions.push({ op: 'eq', field: field.toLowerCase(), value });
      }
    } else {
      throw invalid(`malformed condition ${JSON.stringify(cond)}.`);
    }
  }
  return policy;
}

function conditionHolds(cond: PolicyCondition, value: string): boolean {
  if (cond.op === 'eq') return value === cond.value;
  if (EXACT_ONLY.has(cond.field)) return false;
  // S3: for Content-Type a starts-with condition applies to each of several comma-separated types.
  if (cond.field === 'content-type') return value.split(',').every((v) => v.trim().startsWith(cond.value));
  return value.startsWith(cond.value);
}

function isExempt(field: string): boolean {
  return EXEMPT_FIELDS.has(field) || field.startsWith('x-ignore-') || field.startsWith('x-amz-ignore-');
}

/**
 * Check a form against a policy at time `now`. `values` holds the values conditions are matched
 * against (lower-case names; the key after `${filename}` substitution; the bucket from the URL);
 * `sent` lists the field names the client actually sent, lower-case, with repeats. Throws
 * PostPolicyConditionFailed (S3: 403 AccessDenied "Invalid according to Policy: …").
 */
export function checkPostPolicy(
  policy: PostPolicy,
  values: Map<string, string>,
  sent: string[],
  now: Date,
): void {
  if (policy.expiration.getTime() <= now.getTime())
    throw failed('Invalid according to Policy: Policy expired.');
  const counts = new Map<string, number>();
  for (const name of sent) counts.set(name, (counts.get(name) ?? 0) + 1);
  const covered = new Set<string>();
  for (const cond of policy.conditions) {
    if ((counts.get(cond.field) ?? 0) > 1) {
      throw failed(
        `Invalid according to Policy: Policy Condition failed: ["${cond.op}", "$${cond.field}", "${cond.value}"]. The form field is repeated.`,
      );
    }
    if (!conditionHolds(cond, values.get(cond.field) ?? '')) {
      throw failed(
        `Invalid according to Policy: Policy Condition failed: ["${cond.op}", "$${cond.field}", "${cond.value}"]`,
      );
    }
    covered.add(cond.field);
  }
  const uncovered = [...counts.keys()].filter((name) => !covered.has(name) && !isExempt(name));
  const extraMeta = uncovered.filter((name) => name.startsWith('x-amz-meta-'));
  if (extraMeta.length > 0)
    throw failed(`Invalid according to Policy: Extra input fields: ${extraMeta.join(', ')}`);
  if (uncovered.length > 0) {
    throw failed(
      `Each form field that you specify in a form (except ${uncovered.join(', ')}) must appear in the list of conditions.`,
    );
  }
}
