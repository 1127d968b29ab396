/**
 * MinIO's configuration KV text (what `mc admin config get/set` exchange): one line per target,
 * `subsys[:target] key=value key="value with spaces" …`. Lines starting with `#` are comments
 * (get-config-kv prints environment overrides as `# MINIO_…=value`). Values are bare up to the next
 * blank, or quoted with `"` or `'`; inside double quotes `\"` and `\\` stand for `"` and `\`
 * (MinIO itself never writes a `"` inside a value; these escapes keep such a value intact).
 */
import { ConfigInvalid } from './errors.js';

/** One parsed line. */
export interface KvLine {
  subsystem: string;
  /** `''` for the default target; `hasTarget` says whether `:target` was written at all. */
  target: string;
  hasTarget: boolean;
  /** key → value in written order; keys named without `=` (del-config-kv) map to undefined. */
  pairs: [string, string | undefined][];
}

function readValue(text: string, at: number, key: string): [string, number] {
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    let out = '';
    let i = at + 1;
    while (i < text.length && text[i] !== quote) {
      if (quote === '"' && text[i] === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) i += 1;
      out += text[i];
      i += 1;
    }
    if (i >= text.length) throw new ConfigInvalid(`value of '${key}' has no closing quote`);
    return [out, i + 1];
  }
  let end = at;
  while (end < text.length && !/\s/.test(text[end] ?? '')) end += 1;
  return [text.slice(at, end), end];
}

/** Parse one non-comment line. Throws ConfigInvalid on a malformed pair. */
export function parseKvLine(line: string): KvLine {
  const trimmed = line.trim();
  const space = trimmed.search(/\s/);
  const head = space < 0 ? trimmed : trimmed.slice(0, space);
  const rest = space < 0 ? '' : trimmed.slice(space + 1);
  const colon = head.indexOf(':');
  const subsystem = colon < 0 ? head : head.slice(0, colon);
  const target = colon < 0 ? '' : head.slice(colon + 1);
  const pairs: [string, string | undefined][] = [];
  let i = 0;
  while (i < rest.length) {
    while (i < rest.length && /\s/.test(rest[i] ?? '')) i += 1;
    if (i >= rest.length) break;
    let keyEnd = i;
    while (keyEnd < rest.length && rest[keyEnd] !== '=' && !/\s/.test(rest[keyEnd] ?? '')) keyEnd += 1;
    const key = rest.slice(i, keyEnd);
    if (rest[keyEnd] !== '=') {
      pairs.push([key, undefined]);
      i = keyEnd;
      continue;
    }
    if (key === '') throw new ConfigInvalid('expected config value in the format `key=value`');
    const [value, next] = readValue(rest, keyEnd + 1, key);
    pairs.push([key, value]);
    i = next;
  }
  return { subsystem, target, hasTarget: colon >= 0, pairs };
}

/** Parse a whole body: every line that is neither blank nor a `#` comment. */
export function parseKvText(text: string): KvLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map(parseKvLine);
}

/** A value as written on a line: bare, or double-quoted when it has blanks, quotes or backslashes. */
export function formatKvValue(value: string): string {
  if (!/[\s"'\\]/.test(value)) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** One line `subsys[:target] k=v …` (the default target is written without `:`). */
export function formatKvLine(subsystem: string, target: string, pairs: readonly [string, string][]): string {
  const head = target === '' ? subsystem : `${subsystem}:${target}`;
  const body = pairs.map(([key, value]) => `${key}=${formatKvValue(value)}`).join(' ');
  return body === '' ? head : `${head} ${body}`;
}
