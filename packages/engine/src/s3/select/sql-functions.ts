/**
 * Values and scalar functions of S3 Select's SQL. A value is a JS value: `undefined` is MISSING,
 * `null` NULL, then booleans, numbers, strings, `Date` (timestamps), arrays and objects (JSON).
 * CSV fields arrive as strings and are taken as numbers where a number is needed or compared
 * (MinIO infers the type of untyped CSV data the same way). Errors met while evaluating are
 * `SelectRuntimeError`s with S3's codes: they reach the client inside the event stream.
 */

export class SelectRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Value = unknown;

export function isAbsent(v: Value): v is null | undefined {
  return v === null || v === undefined;
}

/** A number from a number, a numeric string or a boolean; undefined otherwise. */
export function asNumber(v: Value): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
    return Number(s);
  }
  return undefined;
}

export function toNumber(v: Value, what: string): number {
  const n = asNumber(v);
  if (n === undefined)
    throw new SelectRuntimeError('InvalidDataType', `${what} needs a number, got ${describe(v)}.`);
  return n;
}

function describe(v: Value): string {
  return typeof v === 'string' ? `'${v.slice(0, 40)}'` : (JSON.stringify(v) ?? 'MISSING');
}

function asDate(v: Value): Date | undefined {
  if (v instanceof Date) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v.trim());
    return Number.isNaN(t) ? undefined : new Date(t);
  }
  return undefined;
}

export function toTimestamp(v: Value, what: string): Date {
  const d = asDate(v);
  if (d === undefined)
    throw new SelectRuntimeError('CastFailed', `${what} needs a timestamp, got ${describe(v)}.`);
  return d;
}

export function toText(v: Value): string {
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/** -1, 0, 1, or undefined when the two cannot be ordered (NULL, MISSING, mixed kinds). */
export function compare(a: Value, b: Value): number | undefined {
  if (isAbsent(a) || isAbsent(b)) return undefined;
  const order = (x: number, y: number): number => (x < y ? -1 : x > y ? 1 : 0);
  if (a instanceof Date || b instanceof Date) {
    const x = asDate(a);
    const y = asDate(b);
    return x === undefined || y === undefined ? undefined : order(x.getTime(), y.getTime());
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const bool = (v: Value): boolean | undefined =>
      typeof v === 'boolean'
        ? v
        : typeof v === 'string'
          ? ({ true: true, false: false } as Record<string, boolean>)[v.trim().toLowerCase()]
          : undefined;
    const x = bool(a);
    const y = bool(b);
    return x === undefined || y === undefined ? undefined : order(Number(x), Number(y));
  }
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return order(x, y);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'object' || typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b) ? 0 : undefined;
  }
  return undefined;
}

export function cast(v: Value, type: string): Value {
  if (isAbsent(v)) return v;
  const fail = (): never => {
    throw new SelectRuntimeError('CastFailed', `Cannot CAST ${describe(v)} AS ${type}.`);
  };
  switch (type) {
    case 'INT':
    case 'INTEGER': {
      const n = typeof v === 'boolean' ? Number(v) : asNumber(v);
      return n === undefined ? fail() : Math.trunc(n);
    }
    case 'FLOAT':
    case 'DECIMAL':
    case 'NUMERIC': {
      const n = typeof v === 'boolean' ? Number(v) : asNumber(v);
      return n === undefined ? fail() : n;
    }
    case 'STRING':
    case 'VARCHAR':
      return toText(v);
    case 'BOOL':
    case 'BOOLEAN': {
      if (typeof v === 'boolean') return v;
      if (typeof v === 'number') return v !== 0;
      const s = toText(v).trim().toLowerCase();
      return s === 'true' ? true : s === 'false' ? false : fail();
    }
    case 'TIMESTAMP':
      return asDate(v) ?? fail();
    default:
      return fail();
  }
}

const PART_MS: Record<string, number> = { DAY: 86_400_000, HOUR: 3_600_000, MINUTE: 60_000, SECOND: 1000 };

function extract(part: string, d: Date): number {
  switch (part) {
    case 'YEAR':
      return d.getUTCFullYear();
    case 'MONTH':
      return d.getUTCMonth() + 1;
    case 'DAY':
      return d.getUTCDate();
    case 'HOUR':
      return d.getUTCHours();
    case 'MINUTE':
      return d.getUTCMinutes();
    case 'SECOND':
      return d.getUTCSeconds();
    default:
      throw new SelectRuntimeError('InvalidDataType', `Unknown date part ${part}.`);
  }
}

function dateAdd(part: string, n: number, d: Date): Date {
  const out = new Date(d.getTime());
  if (part === 'YEAR') out.setUTCFullYear(out.getUTCFullYear() + n);
  else if (part === 'MONTH') out.setUTCMonth(out.getUTCMonth() + n);
  else if (PART_MS[part] !== undefined) out.setTime(out.getTime() + n * PART_MS[part]);
  else throw new SelectRuntimeError('InvalidDataType', `Unknown date part ${part}.`);
  return out;
}

function dateDiff(part: string, a: Date, b: Date): number {
  if (part === 'YEAR') return b.getUTCFullYear() - a.getUTCFullYear();
  if (part === 'MONTH')
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  const ms = PART_MS[part];
  if (ms === undefined) throw new SelectRuntimeError('InvalidDataType', `Unknown date part ${part}.`);
  return Math.trunc((b.getTime() - a.getTime()) / ms);
}

/** SQL SUBSTRING: 1-based start; a start before 1 shortens the length accordingly. */
function substring(s: string, start: number, length?: number): string {
  const chars = [...s];
  const from = Math.trunc(start);
  const end = length === undefined ? chars.length + 1 : from + Math.trunc(length);
  return chars.slice(Math.max(from, 1) - 1, Math.max(end, 1) - 1).join('');
}

function trim(s: string, mode: string, chars: string): string {
  const set = new Set([...chars]);
  const arr = [...s];
  let a = 0;
  let b = arr.length;
  if (mode !== 'TRAILING') while (a < b && set.has(arr[a] ?? '')) a++;
  if (mode !== 'LEADING') while (b > a && set.has(arr[b - 1] ?? '')) b--;
  return arr.slice(a, b).join('');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * TO_STRING's patterns (AWS's list): y/yy/yyyy, M/MM/MMM/MMMM/MMMMM, d/dd, a, h/hh, H/HH, m/mm,
 * s/ss, S… (fraction), n (nanoseconds), X/XX/XXX and x/xx/xxx (offset; timestamps here are UTC),
 * and 'quoted literals'.
 */
function formatTimestamp(d: Date, pattern: string): string {
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  let out = '';
  const re = /'([^']*)'|([A-Za-z])\2*|[^A-Za-z']+/g;
  for (const m of pattern.matchAll(re)) {
    const run = m[0];
    if (m[1] !== undefined) {
      out += m[1] === '' ? "'" : m[1];
      continue;
    }
    if (m[2] === undefined) {
      out += run;
      continue;
    }
    const n = run.length;
    const hours = d.getUTCHours();
    switch (m[2]) {
      case 'y':
        out += n === 2 ? pad(d.getUTCFullYear() % 100, 2) : pad(d.getUTCFullYear(), n);
        break;
      case 'M': {
        const month = d.getUTCMonth();
        const name = MONTHS[month] ?? '';
        out +=
          n === 1
            ? String(month + 1)
            : n === 2
              ? pad(month + 1, 2)
              : n === 3
                ? name.slice(0, 3)
                : n === 4
                  ? name
                  : name[0];
        break;
      }
      case 'd':
        out += pad(d.getUTCDate(), n);
        break;
      case 'a':
        out += hours < 12 ? 'AM' : 'PM';
        break;
      case 'h':
        out += pad(hours % 12 === 0 ? 12 : hours % 12, n);
        break;
      case 'H':
        out += pad(hours, n);
        break;
      case 'm':
        out += pad(d.getUTCMinutes(), n);
        break;
      case 's':
        out += pad(d.getUTCSeconds(), n);
        break;
      case 'S':
        out += pad(d.getUTCMilliseconds(), 3).padEnd(n, '0').slice(0, n);
        break;
      case 'n':
        out += String(d.getUTCMilliseconds() * 1_000_000);
        break;
      case 'X':
        out += 'Z';
        break;
      case 'x':
        out += n === 1 ? '+00' : n === 2 ? '+0000' : '+00:00';
        break;
      default:
        throw new SelectRuntimeError('InvalidDataType', `Unknown TO_STRING pattern letter ${m[2]}.`);
    }
  }
  return out;
}

type Fn = (args: Value[]) => Value;

function strict(arity: [number, number], fn: Fn): Fn & { arity: [number, number]; nullSafe: boolean } {
  return Object.assign(fn, { arity, nullSafe: false });
}

/** Scalar functions by upper-case name (aggregates and CAST are handled by the evaluator). */
export const FUNCTIONS: Record<string, Fn & { arity: [number, number]; nullSafe?: boolean }> = {
  LOWER: strict([1, 1], ([s]) => toText(s).toLowerCase()),
  UPPER: strict([1, 1], ([s]) => toText(s).toUpperCase()),
  CHAR_LENGTH: strict([1, 1], ([s]) => [...toText(s)].length),
  CHARACTER_LENGTH: strict([1, 1], ([s]) => [...toText(s)].length),
  SUBSTRING: strict([2, 3], ([s, a, n]) =>
    substring(toText(s), toNumber(a, 'SUBSTRING'), n === undefined ? undefined : toNumber(n, 'SUBSTRING')),
  ),
  TRIM: strict([3, 3], ([s, mode, chars]) => trim(toText(s), toText(mode), toText(chars))),
  COALESCE: Object.assign((args: Value[]) => args.find((v) => !isAbsent(v)) ?? null, {
    arity: [1, 64] as [number, number],
    nullSafe: true,
  }),
  NULLIF: Object.assign(([a, b]: Value[]) => (compare(a, b) === 0 ? null : a), {
    arity: [2, 2] as [number, number],
    nullSafe: true,
  }),
  UTCNOW: strict([0, 0], () => new Date()),
  TO_STRING: strict([1, 2], ([d, pattern]) =>
    pattern === undefined
      ? toTimestamp(d, 'TO_STRING').toISOString()
      : formatTimestamp(toTimestamp(d, 'TO_STRING'), toText(pattern)),
  ),
  TO_TIMESTAMP: strict([1, 1], ([s]) => toTimestamp(s, 'TO_TIMESTAMP')),
  EXTRACT: strict([2, 2], ([part, d]) => extract(toText(part), toTimestamp(d, 'EXTRACT'))),
  DATE_ADD: strict([3, 3], ([part, n, d]) =>
    dateAdd(toText(part), toNumber(n, 'DATE_ADD'), toTimestamp(d, 'DATE_ADD')),
  ),
  DATE_DIFF: strict([3, 3], ([part, a, b]) =>
    dateDiff(toText(part), toTimestamp(a, 'DATE_DIFF'), toTimestamp(b, 'DATE_DIFF')),
  ),
};

export const SCALAR_FUNCTIONS: ReadonlySet<string> = new Set(Object.keys(FUNCTIONS));

/** Call a scalar function; NULL or MISSING arguments give NULL except for the null-safe ones. */
export function callFunction(name: string, args: Value[]): Value {
  const fn = FUNCTIONS[name];
  if (fn === undefined) throw new SelectRuntimeError('UnsupportedFunction', `Unknown function ${name}.`);
  if (args.length < fn.arity[0] || args.length > fn.arity[1]) {
    throw new SelectRuntimeError('IncorrectSqlFunctionArgumentType', `Wrong number of arguments to ${name}.`);
  }
  if (fn.nullSafe !== true && args.some(isAbsent)) return null;
  return fn(args);
}
