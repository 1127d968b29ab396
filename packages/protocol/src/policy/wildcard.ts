/**
 * The wildcard match of the IAM policy language: `*` matches any run of characters (also none,
 * also `/`), `?` exactly one character; everything else is literal. Iterative with one backtrack
 * point (the last `*`), so it runs in O(pattern × text) at worst and never recurses.
 *
 * The escaped form (`matchWildcard(…, escaped = true)`) treats `\x` as the literal character x. It
 * is what a pattern becomes after policy-variable substitution (./variables.ts): a substituted
 * value such as a user name containing `*`, or the `${*}` / `${?}` / `${$}` variables, must match
 * only itself, never act as a wildcard.
 */

const STAR = -1;
const ANY = -2;

/** Pattern → code points, with STAR / ANY for the unescaped wildcards. */
function tokenize(pattern: string, ignoreCase: boolean, escaped: boolean): number[] {
  const p = ignoreCase ? pattern.toLowerCase() : pattern;
  const out: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (escaped && c === 0x5c /* \ */ && i + 1 < p.length) {
      out.push(p.charCodeAt(++i));
    } else if (c === 0x2a /* * */) {
      out.push(STAR);
    } else if (c === 0x3f /* ? */) {
      out.push(ANY);
    } else {
      out.push(c);
    }
  }
  return out;
}

/**
 * Does `text` match `pattern` (`*`, `?`)? `ignoreCase` compares letters case-insensitively;
 * `escaped` makes `\x` a literal x.
 */
export function matchWildcard(pattern: string, text: string, ignoreCase = false, escaped = false): boolean {
  const p = tokenize(pattern, ignoreCase, escaped);
  const t = ignoreCase ? text.toLowerCase() : text;
  let pi = 0;
  let ti = 0;
  let starP = -1;
  let starT = 0;
  while (ti < t.length) {
    const pc = p[pi];
    if (pc === STAR) {
      starP = pi++;
      starT = ti;
    } else if (pc !== undefined && (pc === ANY || pc === t.charCodeAt(ti))) {
      pi++;
      ti++;
    } else if (starP >= 0) {
      // Let the last `*` swallow one more character and retry from there.
      pi = starP + 1;
      ti = ++starT;
    } else {
      return false;
    }
  }
  while (p[pi] === STAR) pi++;
  return pi === p.length;
}

/** `value` written so that, in an escaped pattern, it matches only itself. */
export function escapeWildcard(value: string): string {
  return value.replace(/[\\*?]/g, (c) => `\\${c}`);
}
