/**
 * The bucket policy as a typed document: IAM policy JSON (`Version`, `Statement` with `Effect`,
 * `Principal`, `Action`, `Resource`, `Condition`). Parsed and shape-checked here; what a statement
 * allows is decided by the policy evaluator when bucket policies are enforced.
 */
import { MalformedBucketPolicy } from './errors.js';

export interface BucketPolicyStatement {
  sid?: string;
  effect: 'Allow' | 'Deny';
  /** `*` or the principal map as written (`{"AWS": [...]}`). */
  principal: unknown;
  actions: string[];
  resources: string[];
  /** Condition operator → key → values, as written. */
  condition?: Record<string, unknown>;
}

export interface BucketPolicy {
  version: string;
  statements: BucketPolicyStatement[];
}

function strings(v: unknown, what: string): string[] {
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0 || list.some((s) => typeof s !== 'string' || s === '')) {
    throw new MalformedBucketPolicy(`Policy statement ${what} must be a string or a list of strings.`);
  }
  return list as string[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Parse a bucket policy JSON document (MalformedPolicy when it is not one). */
export function parseBucketPolicy(json: string): BucketPolicy {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    throw new MalformedBucketPolicy('The policy is not valid JSON.');
  }
  if (!isObject(doc)) throw new MalformedBucketPolicy('The policy must be a JSON object.');
  const version = doc.Version;
  if (version !== '2012-10-17' && version !== '2008-10-17') {
    throw new MalformedBucketPolicy('The policy Version must be 2012-10-17.');
  }
  const raw = Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement];
  if (raw.length === 0 || raw.some((s) => !isObject(s))) {
    throw new MalformedBucketPolicy('The policy needs one or more statements.');
  }
  const statements = (raw as Record<string, unknown>[]).map((s): BucketPolicyStatement => {
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') {
      throw new MalformedBucketPolicy('A policy statement Effect must be Allow or Deny.');
    }
    if (s.Principal === undefined)
      throw new MalformedBucketPolicy('A bucket policy statement needs a Principal.');
    const out: BucketPolicyStatement = {
      effect: s.Effect,
      principal: s.Principal,
      actions: strings(s.Action, 'Action'),
      resources: strings(s.Resource, 'Resource'),
    };
    if (typeof s.Sid === 'string') out.sid = s.Sid;
    if (s.Condition !== undefined) {
      if (!isObject(s.Condition)) throw new MalformedBucketPolicy('A policy Condition must be an object.');
      out.condition = s.Condition;
    }
    return out;
  });
  return { version, statements };
}
