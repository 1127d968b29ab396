/**
 * The wildcard match of the IAM policy language: `*` matches any run of characters (also none,
 * also `/`), `?` exactly one character; everything else is literal. Iterative with one backtrack
 * point (the last `*`), so it runs in O(pattern × text) at worst and never recurses.
 */

/** Does `text` match `pattern` (`*`, `?`)? `ignoreCase` compares letters case-insensitively. */
export function matchWildcard(pattern: string, text: string, ignoreCase = false): boolean {
  const p = ignoreCase ? pattern.toLowerCase() : pattern;
  const t = ignoreCase ? text.toLowerCase() : text;
  let pi = 0;
  let ti = 0;
  let starP = -1;
  let starT = 0;
  while (ti < t.length) {
    const pc = p[pi];
    if (pc === '*') {
      starP = pi++;
      starT = ti;
    } else if (pc !== undefined && (pc === '?' || pc === t[ti])) {
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
  while (p[pi] === '*') pi++;
  return pi === p.length;
}
