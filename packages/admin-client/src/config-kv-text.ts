/**
 * MinIO's configuration KV text (wire doc §3.6), both ways.
 *
 * Reading (`parseConfigKV`): one line per target, `subsys[:target] key=value key2="value with
 * spaces" …`. MinIO quotes a value only when it holds whitespace and never escapes inside the
 * quotes, so a quoted value ends at the first matching quote that is followed by whitespace or
 * the end of the line (a quote inside a value survives). `# MINIO_<SUBSYS>_<KEY>[_<TARGET>]=value`
 * comment lines (or an older alias such as `MINIO_REGION`) before a target line say the key's
 * effective value comes from the server's environment; other comments are skipped, and a `# subsys …` line (a disabled subsystem in a full
 * export) is read as the target line it comments out. Unparseable text never throws: what cannot
 * be read is left out, since the same code reads any MinIO-compatible server.
 *
 * Writing (`formatConfigKV`): `subsys[:target] k="v" …`, the form MinIO's set-config-kv splits at
 * its known `key=` positions and strips the quotes from.
 */

/** One key of a target as the server answered it. */
export interface ConfigKV {
  key: string;
  value: string;
  /** Set when the server's environment overrides this key: the variable and its value. */
  envOverride?: { name: string; value: string };
}

/** One target (or the single configuration of a single-target subsystem). */
export interface ConfigTarget {
  subSys: string;
  /** '' for the default target. */
  target: string;
  kvs: ConfigKV[];
}

interface EnvLine {
  name: string;
  value: string;
}

const TARGET_NAME = /^([a-z][a-z0-9_]*)(?::(\S*))?$/;
const ENV_LINE = /^#\s*([A-Z][A-Z0-9_]*)=(.*)$/;

/** Older single names servers still honour for a key, beside the generic MINIO_<SUBSYS>_<KEY>. */
const ENV_ALIASES: Readonly<Record<string, { subSys: string; key: string }>> = {
  MINIO_REGION: { subSys: 'region', key: 'name' },
  COFFER_REGION: { subSys: 'region', key: 'name' },
};

/** Split `subsys[:target]`; undefined when it is not a configuration name. */
export function splitConfigName(name: string): { subSys: string; target: string } | undefined {
  const m = TARGET_NAME.exec(name);
  if (!m?.[1]) return undefined;
  return { subSys: m[1], target: m[2] ?? '' };
}

/** The `key=value` pairs of what follows the name on a target line. */
export function parseKVPairs(text: string): { key: string; value: string }[] {
  const pairs: { key: string; value: string }[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && /\s/.test(text.charAt(i))) i++;
    if (i >= n) break;
    const eq = text.indexOf('=', i);
    const space = text.slice(i).search(/\s/);
    // A word without '=' (a stray token) is skipped, as MinIO skips what it cannot split.
    if (eq < 0 || (space >= 0 && i + space < eq)) {
      i = space < 0 ? n : i + space;
      continue;
    }
    const key = text.slice(i, eq);
    i = eq + 1;
    const quote = text.charAt(i);
    let value: string;
    if (quote === '"' || quote === "'") {
      let end = -1;
      for (let j = i + 1; j < n; j++) {
        if (text.charAt(j) === quote && (j + 1 === n || /\s/.test(text.charAt(j + 1)))) {
          end = j;
          break;
        }
      }
      if (end < 0) {
        value = text.slice(i + 1);
        i = n;
      } else {
        value = text.slice(i + 1, end);
        i = end + 1;
      }
    } else {
      const rest = text.slice(i).search(/\s/);
      const end = rest < 0 ? n : i + rest;
      value = text.slice(i, end);
      i = end;
    }
    if (key !== '') pairs.push({ key, value });
  }
  return pairs;
}

/** The key an environment variable overrides, given the target's keys. */
function envKey(env: string, subSys: string, target: string, keys: readonly string[]): string | undefined {
  const alias = ENV_ALIASES[env];
  if (alias) return target === '' && alias.subSys === subSys ? alias.key : undefined;
  const prefix = `MINIO_${subSys.toUpperCase()}_`;
  if (!env.startsWith(prefix)) return undefined;
  let rest = env.slice(prefix.length);
  const suffix = `_${target.toUpperCase()}`;
  if (target !== '' && rest.endsWith(suffix)) rest = rest.slice(0, -suffix.length);
  const lower = rest.toLowerCase();
  return keys.find((k) => k === lower) ?? (lower === '' ? undefined : lower);
}

/** Parse get-config-kv's answer into its targets, in the server's order. */
export function parseConfigKV(text: string): ConfigTarget[] {
  const targets: ConfigTarget[] = [];
  let env: EnvLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    let body = line;
    if (line.startsWith('#')) {
      const envMatch = ENV_LINE.exec(line);
      if (envMatch?.[1]) {
        env.push({ name: envMatch[1], value: envMatch[2] ?? '' });
        continue;
      }
      body = line.replace(/^#\s*/, '');
    }
    const space = body.search(/\s/);
    const name = space < 0 ? body : body.slice(0, space);
    const split = splitConfigName(name);
    if (!split) {
      env = [];
      continue;
    }
    const pairs = space < 0 ? [] : parseKVPairs(body.slice(space + 1));
    // A comment is a disabled target only when it reads as one (a name and key=value pairs).
    if (body !== line && pairs.length === 0) {
      env = [];
      continue;
    }
    const kvs: ConfigKV[] = pairs.map((p) => ({ key: p.key, value: p.value }));
    for (const e of env) {
      const key = envKey(
        e.name,
        split.subSys,
        split.target,
        kvs.map((kv) => kv.key),
      );
      if (key === undefined) continue;
      const override = { name: e.name, value: e.value };
      const existing = kvs.find((kv) => kv.key === key);
      if (existing) existing.envOverride = override;
      else kvs.push({ key, value: e.value, envOverride: override });
    }
    env = [];
    targets.push({ subSys: split.subSys, target: split.target, kvs });
  }
  return targets;
}

/** The set-config-kv line for `name` (`subsys` or `subsys:target`) with these pairs. */
export function formatConfigKV(name: string, kvs: readonly { key: string; value: string }[]): string {
  const parts = [name];
  for (const { key, value } of kvs) {
    if (/[\r\n]/.test(value)) throw new RangeError(`the value of ${key} must be on one line`);
    // MinIO strips one pair of surrounding quotes; pick the quote the value does not end with.
    const quote = value.endsWith('"') ? "'" : '"';
    parts.push(`${key}=${quote}${value}${quote}`);
  }
  return parts.join(' ');
}
