/**
 * The Audit Logs filters' pattern language (spec 2 §2): `*` matches any characters, `.` exactly
 * one, a backslash makes the next character literal; everything else is literal and the whole
 * value must match (as SQL LIKE, which MinIO's log search translates it to).
 */
export function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i] as string;
    if (ch === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += escapeRegExp(pattern[i] as string);
    } else if (ch === '*') source += '[\\s\\S]*';
    else if (ch === '.') source += '[\\s\\S]';
    else source += escapeRegExp(ch);
  }
  return new RegExp(`^${source}$`, 'u');
}

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|]/.test(ch) ? `\\${ch}` : ch;
}
