/**
 * Evaluation of a statement's `Condition` block against the request's condition values. All
 * operators of a block must hold, and within an operator all its keys (AWS: AND across operators
 * and keys, OR across the values listed for one key).
 *
 * Operators (names case-insensitive):
 * - String: StringEquals, StringNotEquals, StringEqualsIgnoreCase, StringNotEqualsIgnoreCase,
 *   StringLike, StringNotLike (`*`/`?` wildcards); Arn: ArnEquals, ArnLike, ArnNotEquals,
 *   ArnNotLike (matched as StringLike); BinaryEquals (base64 text compared as is).
 * - Numeric: NumericEquals, NumericNotEquals, NumericLessThan, NumericLessThanEquals,
 *   NumericGreaterThan, NumericGreaterThanEquals (e.g. `s3:max-keys`).
 * - Date: DateEquals, DateNotEquals, DateLessThan, DateLessThanEquals, DateGreaterThan,
 *   DateGreaterThanEquals; values are ISO 8601 dates or epoch seconds (`aws:CurrentTime`,
 *   `aws:EpochTime`).
 * - Bool (`aws:SecureTransport`), IpAddress / NotIpAddress (CIDR, `aws:SourceIp`), Null.
 * - Suffix `…IfExists`: a missing key makes the test pass. Prefixes `ForAnyValue:` (some request
 *   value satisfies it) and `ForAllValues:` (every request value does; a missing key passes).
 * - A missing key fails the positive operators and passes the negated ones, as in AWS.
 * - Policy values may hold variables (`${aws:username}`), substituted from the request first.
 *
 * An operator the evaluator does not know yields `undefined`, "cannot tell", and the caller fails
 * closed (an Allow does not apply, a Deny does).
 */
import { lookupCondition } from './condition-keys.js';
import { ipInCidr, parseCidr } from './ip-address.js';
import type { ConditionBlock } from './types.js';
import { substituteVariables } from './variables.js';
import { matchWildcard } from './wildcard.js';

export { lookupCondition } from './condition-keys.js';

type RequestConditions = Readonly<Record<string, readonly string[]>>;

/** A positive test of one request value against one policy value. */
type Comparator = (requestValue: string, policyValue: string) => boolean;

interface Operator {
  compare: Comparator;
  /** The operator is the negation of `compare` (StringNotEquals, NotIpAddress, …). */
  negated: boolean;
  /** Policy values are patterns whose variables are substituted escaped (wildcard operators). */
  pattern?: boolean;
}

function toNumber(text: string): number | undefined {
  const t = text.trim();
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

function numeric(test: (r: number, p: number) => boolean): Comparator {
  return (r, p) => {
    const a = toNumber(r);
    const b = toNumber(p);
    return a !== undefined && b !== undefined && test(a, b);
  };
}

/** ISO 8601 date/time or epoch seconds → milliseconds. */
function toTime(text: string): number | undefined {
  const t = text.trim();
  if (/^\d{1,12}$/.test(t)) return Number(t) * 1000;
  if (!/^\d{4}-\d{2}-\d{2}/.test(t)) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

function date(test: (r: number, p: number) => boolean): Comparator {
  return (r, p) => {
    const a = toTime(r);
    const b = toTime(p);
    return a !== undefined && b !== undefined && test(a, b);
  };
}

function ipAddress(r: string, p: string): boolean {
  const cidr = parseCidr(p);
  return cidr !== undefined && ipInCidr(r, cidr);
}

const like: Comparator = (r, p) => matchWildcard(p, r, false, true);
const equals: Comparator = (r, p) => r === p;
const equalsIgnoreCase: Comparator = (r, p) => r.toLowerCase() === p.toLowerCase();

const OPERATORS: Readonly<Record<string, Operator>> = {
  stringequals: { compare: equals, negated: false },
  stringnotequals: { compare: equals, negated: true },
  stringequalsignorecase: { compare: equalsIgnoreCase, negated: false },
  stringnotequalsignorecase: { compare: equalsIgnoreCase, negated: true },
  stringlike: { compare: like, negated: false, pattern: true },
  stringnotlike: { compare: like, negated: true, pattern: true },
  arnequals: { compare: like, negated: false, pattern: true },
  arnlike: { compare: like, negated: false, pattern: true },
  arnnotequals: { compare: like, negated: true, pattern: true },
  arnnotlike: { compare: like, negated: true, pattern: true },
  binaryequals: { compare: equals, negated: false },
  bool: { compare: equalsIgnoreCase, negated: false },
  numericequals: { compare: numeric((a, b) => a === b), negated: false },
  numericnotequals: { compare: numeric((a, b) => a === b), negated: true },
  numericlessthan: { compare: numeric((a, b) => a < b), negated: false },
  numericlessthanequals: { compare: numeric((a, b) => a <= b), negated: false },
  numericgreaterthan: { compare: numeric((a, b) => a > b), negated: false },
  numericgreaterthanequals: { compare: numeric((a, b) => a >= b), negated: false },
  dateequals: { compare: date((a, b) => a === b), negated: false },
  datenotequals: { compare: date((a, b) => a === b), negated: true },
  datelessthan: { compare: date((a, b) => a < b), negated: false },
  datelessthanequals: { compare: date((a, b) => a <= b), negated: false },
  dategreaterthan: { compare: date((a, b) => a > b), negated: false },
  dategreaterthanequals: { compare: date((a, b) => a >= b), negated: false },
  ipaddress: { compare: ipAddress, negated: false },
  notipaddress: { compare: ipAddress, negated: true },
};

/** Is `name` (with any ForAnyValue:/ForAllValues: prefix and IfExists suffix) an operator we know? */
export function isKnownConditionOperator(name: string): boolean {
  let op = name.toLowerCase();
  if (op.startsWith('foranyvalue:')) op = op.slice('foranyvalue:'.length);
  else if (op.startsWith('forallvalues:')) op = op.slice('forallvalues:'.length);
  if (op.endsWith('ifexists')) op = op.slice(0, -'ifexists'.length);
  return op === 'null' || OPERATORS[op] !== undefined;
}

/** One operator on one key; undefined when the operator is not supported. */
function evaluateKey(
  rawOperator: string,
  rawPolicyValues: readonly string[],
  requestValues: readonly string[] | undefined,
  requestConditions: RequestConditions | undefined,
): boolean | undefined {
  let name = rawOperator.toLowerCase();
  let setMode: 'any' | 'all' | undefined;
  if (name.startsWith('foranyvalue:')) {
    setMode = 'any';
    name = name.slice('foranyvalue:'.length);
  } else if (name.startsWith('forallvalues:')) {
    setMode = 'all';
    name = name.slice('forallvalues:'.length);
  }
  const ifExists = name.endsWith('ifexists');
  if (ifExists) name = name.slice(0, -'ifexists'.length);
  const present = requestValues !== undefined && requestValues.length > 0;

  if (name === 'null') {
    const wantsAbsent = rawPolicyValues.some((v) => v.toLowerCase() === 'true');
    return wantsAbsent ? !present : present;
  }
  const operator = OPERATORS[name];
  if (!operator) return undefined;
  if (!present) {
    if (ifExists || setMode === 'all') return true;
    if (setMode === 'any') return false;
    return operator.negated;
  }
  // A listed value whose variable the request cannot fill matches nothing.
  const policyValues = rawPolicyValues
    .map((v) => substituteVariables(v, requestConditions, operator.pattern === true))
    .filter((v): v is string => v !== undefined);
  // The positive test for one request value: does it match any of the listed values?
  const matchesAny = (r: string): boolean => policyValues.some((p) => operator.compare(r, p));
  // The operator's own verdict for one request value.
  const holds = (r: string): boolean => (operator.negated ? !matchesAny(r) : matchesAny(r));
  if (setMode === 'all') return requestValues.every(holds);
  if (setMode === 'any') return requestValues.some(holds);
  // Single-valued use: a negated operator holds when no request value matches.
  return operator.negated ? !requestValues.some(matchesAny) : requestValues.some(matchesAny);
}

/**
 * Does the whole block hold? true / false, or undefined when some operator is not understood
 * (and nothing else already made it false).
 */
export function evaluateConditions(
  block: ConditionBlock | undefined,
  requestConditions: RequestConditions | undefined,
): boolean | undefined {
  if (!block) return true;
  let unknown = false;
  for (const [operator, keys] of Object.entries(block)) {
    for (const [key, values] of Object.entries(keys)) {
      const result = evaluateKey(
        operator,
        values,
        lookupCondition(requestConditions, key),
        requestConditions,
      );
      if (result === false) return false;
      if (result === undefined) unknown = true;
    }
  }
  return unknown ? undefined : true;
}
