/**
 * A tenant's configuration secret (`<t>-env-configuration`, key `config.env`): one
 * `export KEY="value"` line per setting, the format the MinIO operator sources into the MinIO
 * container. Parsed the latest operator's way (split at the first `=`, skip blank and `#` lines,
 * strip matching quotes), so a value holding `=` survives — the 2021 parser dropped it.
 */

/** `config.env` text → entries. */
export function parseConfigEnv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/^export\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
      value = value.slice(1, -1);
    }
    out.set(line.slice(0, eq).trim(), value.replace(/\\(["\\$`])/g, '$1'));
  }
  return out;
}

/** Entries → `config.env` text; values are double-quoted with shell specials escaped. */
export function formatConfigEnv(entries: ReadonlyMap<string, string>): string {
  return [...entries]
    .map(([k, v]) => `export ${k}="${v.replace(/(["\\$`])/g, '\\$1')}"`)
    .join('\n')
    .concat('\n');
}
