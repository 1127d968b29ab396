/**
 * Tokens of S3 Select's SQL (the SQL-92 subset MinIO documents): bare identifiers and keywords
 * (case-insensitive), "quoted identifiers" (case-sensitive, `""` escapes a quote), 'strings'
 * (`''` escapes a quote), numbers, and the operators and punctuation of the grammar.
 */
import { SelectParseFailure } from '../errors.js';

export type Token =
  | { t: 'ident'; v: string; quoted: boolean; at: number }
  | { t: 'string'; v: string; at: number }
  | { t: 'number'; v: number; integer: boolean; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

const TWO_CHAR_OPS = new Set(['<=', '>=', '<>', '!=', '||']);
const ONE_CHAR_OPS = new Set(['=', '<', '>', '+', '-', '*', '/', '%', '(', ')', ',', '.', '[', ']', ';']);
/** Longest SQL expression accepted (AWS limits the expression to 256 KiB). */
export const MAX_EXPRESSION_LENGTH = 256 * 1024;

export function parseFailure(message: string): SelectParseFailure {
  return new SelectParseFailure(message);
}

export function tokenize(sql: string): Token[] {
  if (sql.length > MAX_EXPRESSION_LENGTH) throw parseFailure('The SQL expression is too long.');
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i;
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_]/.test(sql[j] ?? '')) j++;
      out.push({ t: 'ident', v: sql.slice(i, j), quoted: false, at });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= sql.length)
          throw parseFailure(`Unterminated ${c === '"' ? 'identifier' : 'string'} at ${at}.`);
        const d = sql[j] ?? '';
        if (d === c) {
          if (sql[j + 1] === c) {
            text += c;
            j += 2;
            continue;
          }
          break;
        }
        text += d;
        j++;
      }
      out.push(c === '"' ? { t: 'ident', v: text, quoted: true, at } : { t: 'string', v: text, at });
      i = j + 1;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(sql.slice(i));
      const text = m?.[0] ?? c;
      out.push({ t: 'number', v: Number(text), integer: /^\d+$/.test(text), at });
      i += text.length;
      continue;
    }
    const two = sql.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      out.push({ t: 'op', v: two, at });
      i += 2;
      continue;
    }
    if (ONE_CHAR_OPS.has(c)) {
      out.push({ t: 'op', v: c, at });
      i++;
      continue;
    }
    throw parseFailure(`Unexpected character '${c}' at ${at}.`);
  }
  out.push({ t: 'end', at: sql.length });
  return out;
}
