/**
 * What the "store" targets (redis, postgresql, mysql) share with MinIO: the two formats — `namespace`
 * mirrors the bucket (one entry per object key, set on create, removed on `s3:ObjectRemoved:Delete`)
 * and `access` appends one entry per event — the JSON each writes, and the checks of the keys every
 * one of them has (`format`, `queue_dir`, `max_open_connections`), with MinIO's messages.
 */
import path from 'node:path';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { TargetEvent } from '../target.js';

export type StoreFormat = 'namespace' | 'access';

/** `format` (default `namespace`, case-insensitive); `message` is the target's own wording in MinIO. */
export function storeFormat(values: ConfigValues, message = 'unrecognized format'): StoreFormat {
  const format = (values.get('format') ?? '').trim().toLowerCase();
  if (format === '' || format === 'namespace') return 'namespace';
  if (format === 'access') return 'access';
  throw new InvalidArgument(message);
}

/** `queue_dir`, when set, must be absolute (MinIO's check, shared by every target). */
export function checkQueueDir(values: ConfigValues): void {
  const dir = values.get('queue_dir') ?? '';
  if (dir !== '' && !path.isAbsolute(dir)) throw new InvalidArgument('queueDir path should be absolute');
}

/**
 * MinIO's older separate connection keys (`host`, `port`, `database`, `username`, `password`), which
 * the SQL targets use when no connection string is given; MinIO's messages for a missing or bad one.
 */
export function separateConnectionKeys(
  values: ConfigValues,
  defaultHost: string,
): { host: string; port: number; database: string; user?: string; password?: string } {
  const port = values.get('port') ?? '';
  if (port === '') throw new InvalidArgument('unspecified port');
  if (!/^\d+$/.test(port)) throw new InvalidArgument('invalid port');
  const database = values.get('database') ?? '';
  if (database === '') throw new InvalidArgument('database unspecified');
  return {
    host: values.get('host') || defaultHost,
    port: Number(port),
    database,
    ...(values.get('username') ? { user: values.get('username') } : {}),
    ...(values.get('password') ? { password: values.get('password') } : {}),
  };
}

/** `max_open_connections` as a pool size: 0 or unset means the client's default. */
export function maxOpenConnections(values: ConfigValues): number | undefined {
  const raw = (values.get('max_open_connections') ?? '').trim();
  if (raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw new InvalidArgument(`max_open_connections: invalid number "${raw}"`);
  const n = Number(raw);
  if (n < 0) throw new InvalidArgument('maxOpenConnections cannot be less than zero');
  return n === 0 ? undefined : n;
}

/** Whether the namespace formats remove the key for this event (only a real delete, as MinIO). */
export function removesKey(event: TargetEvent): boolean {
  return event.EventName === 's3:ObjectRemoved:Delete';
}

/** The stored value of both SQL formats and of redis' namespace format: `{"Records":[record]}`. */
export function recordsJson(event: TargetEvent): string {
  return JSON.stringify({ Records: event.Records });
}

/** The event's time (the record's `eventTime`), for the access formats. */
export function eventTime(event: TargetEvent): string {
  const time = event.Records[0]?.eventTime;
  if (time === undefined) throw new Error(`event ${event.EventName} ${event.Key} has no record`);
  return time;
}

/** `host[:port]` / `[v6]:port` as host and port (`fallbackPort` when absent); throws on junk. */
export function hostPort(value: string, fallbackPort: number, what: string): { host: string; port: number } {
  const text = value.trim();
  const match = /^(?:\[([^\]]+)\]|([^:[\]\s]+))(?::(\d{1,5}))?$/.exec(text);
  const host = match?.[1] ?? match?.[2];
  const port = match?.[3] === undefined ? fallbackPort : Number(match[3]);
  if (host === undefined || port < 1 || port > 65535)
    throw new InvalidArgument(`${what}: invalid address "${text}"`);
  return { host, port };
}
