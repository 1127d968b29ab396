/**
 * The Error Logs upstream (spec 2 §7 `/ws/console`): the storage server's console log
 * (`@coffer/admin-client` `consoleLog`, wire doc §3.11) — recent entries, then the live tail —
 * as the spec's log messages (§3 "Log message"), field names as MinIO writes them.
 */
import type { AdminClient, LogInfo } from '@coffer/admin-client';

/** Recent entries the viewer starts with. */
export const CONSOLE_LOG_REPLAY = 200;

/** One log message to the browser (spec 2 §3 "Log message"). */
export interface LogMessage {
  ConsoleMsg: string;
  time: string;
  level: string;
  node: string;
  api?: { name: string };
  deploymentid?: string;
  requestID?: string;
  remotehost?: string;
  host?: string;
  userAgent?: string;
  error?: { message: string; source: string[] };
}

/** MinIO's log `Info` as the spec's log message (empty optional fields left out). */
export function logMessageOf(entry: LogInfo): LogMessage {
  const text = (value: string | undefined): string | undefined =>
    value === undefined || value === '' ? undefined : value;
  const optional: Partial<LogMessage> = {};
  const name = text(entry.api?.name);
  if (name !== undefined) optional.api = { name };
  for (const key of ['deploymentid', 'requestID', 'remotehost', 'host', 'userAgent'] as const) {
    const value = text(entry[key]);
    if (value !== undefined) optional[key] = value;
  }
  const message = entry.error?.message ?? text(entry.message);
  if (message !== undefined) optional.error = { message, source: entry.error?.source ?? [] };
  return {
    ConsoleMsg: entry.ConsoleMsg ?? '',
    time: entry.time,
    level: entry.level ?? '',
    node: entry.node ?? '',
    ...optional,
  };
}

/** The socket's messages until `signal` aborts. */
export async function* logMessages(admin: AdminClient, signal: AbortSignal): AsyncGenerator<LogMessage> {
  for await (const entry of admin.consoleLog({ limit: CONSOLE_LOG_REPLAY, logType: 'ALL' }, { signal })) {
    yield logMessageOf(entry);
  }
}
