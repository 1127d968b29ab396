/**
 * Reading the messaging targets' KV values (amqp, mqtt, nats): MinIO's value syntaxes (on/off
 * flags, Go durations such as `10s` or `1m30s`, unsigned integers) parsed strictly, so a typo is an
 * `InvalidArgument` naming the key instead of a silent default; plus the keys every notification
 * target shares (`queue_dir` must be absolute, as MinIO checks) and a timeout for network calls
 * (`withTimeout`, used by the store targets — redis, postgresql, mysql — too).
 */
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';

const TRUE = ['on', 'true', 'enable', 'enabled', 'yes', '1'];
const FALSE = ['off', 'false', 'disable', 'disabled', 'no', '0'];

/** The value of `key`, trimmed; `''` when unset. */
export function text(values: ConfigValues, key: string): string {
  return (values.get(key) ?? '').trim();
}

/** An on/off key; unset or empty → `fallback`. */
export function flag(values: ConfigValues, key: string, fallback = false): boolean {
  const value = text(values, key).toLowerCase();
  if (value === '') return fallback;
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new InvalidArgument(`${key}: '${values.get(key) ?? ''}' is not a boolean value (use on or off)`);
}

/** An unsigned integer key no larger than `max`; unset or empty → `fallback`. */
export function unsigned(values: ConfigValues, key: string, fallback: number, max: number): number {
  const value = text(values, key);
  if (value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new InvalidArgument(`${key}: '${value}' is not a whole number between 0 and ${max}`);
  }
  return Number(value);
}

/** Go's `time.ParseDuration` units, in milliseconds. */
const GO_UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const UNIT_MS: Readonly<Record<string, number>> = {
  ...GO_UNIT_MS,
  // Not Go's, but MinIO's help texts offer it ("in s,m,h,d") and the config store accepts it.
  d: 86_400_000,
};

/**
 * A sequence of number+unit pairs (`500ms`, `1m30s`, `1.5h`) in milliseconds, with Go's units unless
 * `units` says otherwise; undefined when not one (`''`, `10`, `10x`: every character must belong to
 * a pair, as Go requires). The mysql DSN's `timeout` and the targets' duration keys read it.
 */
export function parseGoDuration(
  value: string,
  units: Readonly<Record<string, number>> = GO_UNIT_MS,
): number | undefined {
  // Longest unit first, so `ms` is not read as `m` followed by junk.
  const names = Object.keys(units).sort((x, y) => y.length - x.length);
  const parts = [...value.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?)(${names.join('|')})`, 'g'))];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) return undefined;
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * (units[unit ?? ''] ?? 0), 0);
}

/** A Go duration (`500ms`, `10s`, `1m30s`, `0`; also `1d`) in milliseconds; unset or empty → `fallback`. */
export function duration(values: ConfigValues, key: string, fallbackMs: number): number {
  const value = text(values, key);
  if (value === '') return fallbackMs;
  if (value === '0') return 0;
  const ms = parseGoDuration(value, UNIT_MS);
  if (ms === undefined)
    throw new InvalidArgument(`${key}: '${value}' is not a duration (e.g. 10s, 1m, 500ms)`);
  return ms;
}

/** Checks the keys every target has: `queue_dir` (absolute, as MinIO requires) and `queue_limit`. */
export function checkQueueKeys(values: ConfigValues): { queueDir: string } {
  const queueDir = text(values, 'queue_dir');
  if (queueDir !== '' && !queueDir.startsWith('/')) {
    throw new InvalidArgument('queueDir path should be absolute');
  }
  unsigned(values, 'queue_limit', 0, Number.MAX_SAFE_INTEGER);
  return { queueDir };
}

/** `promise`, or a rejection with `message` after `ms` (a stalled server must not hold `send`). */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The message of any thrown value. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
