/**
 * Evaluation of a statement's `Condition` block against the request's condition values. All
 * operators of a block must hold, and within an operator all its keys (AWS: AND across operators
 * and keys, OR across the values of one key).
 *
 * Supported now: StringEquals, StringNotEquals, StringEqualsIgnoreCase,
 * StringNotEqualsIgnoreCase, StringLike, StringNotLike, Bool, Null; the `…IfExists` suffix (a
 * missing key passes) and the `ForAnyValue:` / `ForAllValues:` set prefixes. A missing key fails
 * the positive operators and passes the negated ones, as in AWS. Any other operator (Numeric*,
 * Date*, IpAddress, Arn*, Binary*) yields `undefined`, "cannot tell", and the caller fails closed.
 * TODO(issue 4): numeric, date and IP-address operators.
 */
import type { ConditionBlock } from './types.js';
import { matchWildcard } from './wildcard.js';

/** Condition keys are case-insensitive (AWS); the request map may use any case. */
export function lookupCondition(
  conditions: Record<string, string[]> | undefined,
  key: string,
): string[] | undefined {
  if (!conditions) return undefined;
  const exact = conditions[key];
  if (exact) return exact;
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(conditions)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

type Comparator = (requestValue: string, policyValue: string) => boolean;

const COMPARATORS: Record<string, { compare: Comparator; negated: boolean }> = {
  stringequals: { compare: (r, p) => r === p, negated: false },
  stringnotequals: { compare: (r, p) => r === p, negated: true },
  stringequalsignorecase: { compare: (r, p) => r.toLowerCase() === p.toLowerCase(), negated: false },
  stringnotequalsignorecase: { compare: (r, p) => r.toLowerCase() === p.toLowerCase(), negated: true },
  stringlike: { compare: (r, p) => matchWildcard(p, r), negated: false },
  stringnotlike: { compare: (r, p) => matchWildcard(p, r), negated: true },
  bool: { compare: (r, p) => r.toLowerCase() === p.toLowerCase(), negated: false },
};

/** One operator on one key; undefined when the operator is not supported. */
function evaluateKey(
  rawOperator: string,
  policyValues: string[],
  requestValues: string[] | undefined,
): boolean | undefined {
  let operator = rawOperator.toLowerCase();
  let setMode: 'any' | 'all' | undefined;
  if (operator.startsWith('foranyvalue:')) {
    setMode = 'any';
    operator = operator.slice('foranyvalue:'.length);
  } else if (operator.startsWith('forallvalues:')) {
    setMode = 'all';
    operator = operator.slice('forallvalues:'.length);
  }
  const ifExists = operator.endsWith('ifexists');
  if (ifExists) operator = operator.slice(0, -'ifexists'.length);
  const present = requestValues !== undefined && requestValues.length > 0;

  if (operator === 'null') {
    const wantsAbsent = policyValues.some((v) => v.toLowerCase() === 'true');
    return wantsAbsent ? !present : present;
  }
  const comparator = COMPARATORS[operator];
  if (!comparator) return undefined;
  if (!present) {
    if (ifExists || setMode === 'all') return true;
    return comparator.negated;
  }
  const matchesOne = (r: string): boolean => policyValues.some((p) => comparator.compare(r, p));
  const matched = setMode === 'all' ? requestValues.every(matchesOne) : requestValues.some(matchesOne);
  return comparator.negated ? !matched : matched;
}

/**
 * Does the whole block hold? true / false, or undefined when some operator is not understood
 * (and nothing else already made it false).
 */
export function evaluateConditions(
  block: ConditionBlock | undefined,
  requestConditions: Record<string, string[]> | undefined,
): boolean | undefined {
  if (!block) return true;
  let unknown = false;
  for (const [operator, keys] of Object.entries(block)) {
    for (const [key, values] of Object.entries(keys)) {
      const result = evaluateKey(operator, values, lookupCondition(requestConditions, key));
      if (result === false) return false;
      if (result === undefined) unknown = true;
    }
  }
  return unknown ? undefined : true;
}
