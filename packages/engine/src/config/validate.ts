/**
 * Validation of configuration values with MinIO's messages (issue 10 §1): each key by its type
 * (on/off, numbers, durations, URLs, addresses, absolute queue dirs, enums), then the target as a
 * whole — keys that are not optional while it is enabled, and the sub-system's own checks (region
 * name pattern, LDAP filters, …). Nothing here reaches a remote service.
 */
import type { FieldDef, SubsystemDef } from './subsystem-types.js';

const TRUE_WORDS = ['1', 't', 'T', 'true', 'TRUE', 'True', 'on', 'ON', 'On'];
const FALSE_WORDS = ['0', 'f', 'F', 'false', 'FALSE', 'False', 'off', 'OFF', 'Off'];

/** MinIO's `config.ParseBool`: true, false, or undefined for anything else. */
export function parseBool(value: string): boolean | undefined {
  if (TRUE_WORDS.includes(value) || value.toLowerCase() === 'enabled') return true;
  if (FALSE_WORDS.includes(value) || value.toLowerCase() === 'disabled') return false;
  return undefined;
}

/** Go's duration syntax (`300ms`, `1h30m`, `0`), plus MinIO's `d` for days. */
const DURATION = /^(0|([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h|d))+)$/;

function checkUrl(def: FieldDef, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `'${def.key}' has an invalid URL '${value}'`;
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (def.schemes !== undefined && !def.schemes.includes(scheme)) {
    return `unexpected scheme found ${scheme}`;
  }
  if (url.hostname === '') return `'${def.key}' has an invalid URL '${value}': empty host`;
  return undefined;
}

function checkAddress(def: FieldDef, value: string): string | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+)(?::(\d{1,5}))?$/.exec(value);
  const port = m?.[2];
  if (m === null || (port !== undefined && Number(port) > 65535)) {
    return `invalid address '${value}' for '${def.key}', expected host:port e.g. 'localhost:6379'`;
  }
  return undefined;
}

/** The message for a value its key does not accept, or undefined. Empty values are always fine here. */
export function checkValue(def: FieldDef, value: string): string | undefined {
  if (value === '') return undefined;
  switch (def.type) {
    case 'on|off':
      return parseBool(value) === undefined ? `ParseBool: parsing '${value}': invalid syntax` : undefined;
    case 'number':
      return /^\d+$/.test(value) ? undefined : `strconv.ParseUint: parsing "${value}": invalid syntax`;
    case 'duration':
      return DURATION.test(value) ? undefined : `time: invalid duration "${value}"`;
    case 'url':
    case 'uri':
      return checkUrl(def, value);
    case 'address':
      return checkAddress(def, value);
    case 'path':
      if (def.absolute === true && !value.startsWith('/')) return 'queueDir path should be absolute';
      return undefined;
    case 'enum':
      return def.values === undefined || def.values.includes(value)
        ? undefined
        : def.key === 'format'
          ? `unrecognized format value '${value}', expected one of ${def.values.join(', ')}`
          : `invalid value '${value}' for '${def.key}', expected one of ${def.values.join(', ')}`;
    default:
      return undefined;
  }
}

/** Is the target on? Sub-systems without an `enable` key are always on. */
export function isEnabled(def: SubsystemDef, values: ReadonlyMap<string, string>): boolean {
  if (!def.hasEnable) return true;
  return parseBool(values.get('enable') ?? 'off') === true;
}

/**
 * The first problem of a whole target (its values with defaults merged in), or undefined: each
 * value by its type, the keys that are not optional while it is enabled, the sub-system's checks.
 */
export function checkTarget(def: SubsystemDef, values: ReadonlyMap<string, string>): string | undefined {
  for (const field of def.fields) {
    const problem = checkValue(field, values.get(field.key) ?? '');
    if (problem !== undefined) return problem;
  }
  if (!isEnabled(def, values)) return undefined;
  for (const field of def.fields) {
    if (!field.optional && (values.get(field.key) ?? '') === '') {
      return `'${field.key}' is not optional for '${def.name}' sub-system, please check '${def.name}' documentation`;
    }
  }
  return def.check?.(values);
}
