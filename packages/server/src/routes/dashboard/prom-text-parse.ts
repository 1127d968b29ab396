/**
 * Reader of the Prometheus text format (0.0.4) the storage server's metrics endpoints answer:
 * `name{label="value",…} value [timestamp]` per line, `#` lines skipped. Label values unescape
 * `\\`, `\"` and `\n`. A line that does not parse is skipped (one odd line must not lose a scrape).
 */

export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return Number(text);
}

/** Labels from `{` at `at`; answers them and the index after `}`, or undefined when malformed. */
function parseLabels(line: string, at: number): { labels: Record<string, string>; end: number } | undefined {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    while (line[i] === ' ' || line[i] === ',') i++;
    if (line[i] === '}') return { labels, end: i + 1 };
    const name = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(i))?.[0];
    if (!name || line[i + name.length] !== '=' || line[i + name.length + 1] !== '"') return undefined;
    i += name.length + 2;
    let value = '';
    for (; i < line.length && line[i] !== '"'; i++) {
      if (line[i] === '\\') {
        i++;
        value += line[i] === 'n' ? '\n' : (line[i] ?? '');
      } else value += line[i];
    }
    if (line[i] !== '"') return undefined;
    labels[name] = value;
    i++;
  }
}

/** Samples of a text document; `wanted` keeps only those metric names. */
export function parsePrometheusText(text: string, wanted?: ReadonlySet<string>): ParsedSample[] {
  const out: ParsedSample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name || (wanted && !wanted.has(name))) continue;
    let labels: Record<string, string> = {};
    let rest = line.slice(name.length);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, name.length);
      if (!parsed) continue;
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const value = parseValue(rest.trim().split(/\s+/)[0] ?? '');
    if (Number.isNaN(value) && rest.trim().split(/\s+/)[0] !== 'NaN') continue;
    out.push({ name, labels, value });
  }
  return out;
}
