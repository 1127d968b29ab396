/**
 * Policy variables: `${aws:username}`, `${aws:userid}`, `${jwt:sub}`, `${s3:prefix}`… in a
 * statement's Resource and Condition values are replaced by the request's value for that key
 * before matching (AWS "IAM policy elements: variables and tags"; MinIO `condition.Substitute`).
 *
 * - The key is looked up case-insensitively among the request's condition values; the first value
 *   is used. A variable whose key the request does not carry, or carries empty, cannot be resolved:
 *   the whole pattern is then `undefined` and matches nothing (AWS: "if the key is not present the
 *   policy variable does not match"; MinIO would compare the text `${…}` literally instead, which
 *   matters only for keys containing that text).
 * - `${*}`, `${?}` and `${$}` stand for the literal characters `*`, `?` and `$`.
 * - In escaped mode (used for patterns later given to `matchWildcard(…, escaped = true)`) every
 *   substituted value and literal is escaped, so a user named `a*` cannot widen a pattern; the
 *   pattern's own text keeps its wildcards. A substituted value is never scanned for variables.
 */
import { lookupCondition } from './condition-keys.js';
import { escapeWildcard } from './wildcard.js';

const LITERALS: Readonly<Record<string, string>> = { '*': '*', '?': '?', $: '$' };

/** Is there anything to substitute? (A cheap test callers use to skip the work.) */
export function hasVariables(pattern: string): boolean {
  return pattern.includes('${');
}

/**
 * `pattern` with its variables replaced from `conditions`, or undefined when one cannot be
 * resolved. With `escape`, the pattern's own backslashes are escaped and substituted text is
 * escaped entirely (see the module comment).
 */
export function substituteVariables(
  pattern: string,
  conditions: Readonly<Record<string, readonly string[]>> | undefined,
  escape = false,
): string | undefined {
  if (!hasVariables(pattern)) return escape ? pattern.replace(/\\/g, '\\\\') : pattern;
  const text = (s: string): string => (escape ? s.replace(/\\/g, '\\\\') : s);
  const value = (s: string): string => (escape ? escapeWildcard(s) : s);
  let out = '';
  let rest = pattern;
  for (;;) {
    const start = rest.indexOf('${');
    if (start < 0) return out + text(rest);
    const end = rest.indexOf('}', start + 2);
    // `${` without a closing brace is plain text.
    if (end < 0) return out + text(rest);
    out += text(rest.slice(0, start));
    const name = rest.slice(start + 2, end);
    const literal = LITERALS[name];
    if (literal !== undefined) {
      out += value(literal);
    } else {
      const found = lookupCondition(conditions, name)?.[0];
      if (found === undefined || found === '') return undefined;
      out += value(found);
    }
    rest = rest.slice(end + 1);
  }
}
