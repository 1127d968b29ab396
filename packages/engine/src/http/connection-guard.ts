/**
 * Connection hardening of the engine's HTTP server: slow or idle clients must not exhaust the
 * process (issue 7 §5).
 *
 * - Header timeout (default 30 s, MinIO's `--read-header-timeout`): a connection whose first request
 *   has not arrived completely by then is destroyed by a per-socket timer — this also catches
 *   sockets that never send a byte, which Node's own `headersTimeout` only sees at its periodic
 *   check. Later requests on a kept-alive connection are bounded by Node's `headersTimeout`, whose
 *   check interval is lowered so the bound holds within a second.
 * - Keep-alive idle timeout (default 5 s, Node's own default): idle connections between requests close.
 * - Idle timeout during a request (default 5 min): a request whose body or reply stopped moving
 *   (no byte either way) is cut. Flowing transfers are never cut: there is no total request timeout.
 * - Connection limit: connections beyond it are closed as soon as they are accepted
 *   (`server.maxConnections`), before the process runs out of file descriptors. The default is
 *   derived from the open-file limit (see `defaultConnectionLimit`).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardOptions {
  /** Time to receive a request's headers, ms (default 30 000). */
  headersTimeoutMs?: number;
  /** Idle time of a kept-alive connection between requests, ms (default 5 000). */
  keepAliveTimeoutMs?: number;
  /** Time without a byte in either direction during a request, ms (default 300 000; 0 = none). */
  idleTimeoutMs?: number;
  /** Simultaneous connections; default: derived from the open-file limit and the drive count. */
  maxConnections?: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 30_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

/** Descriptors kept for the runtime itself: stdio, epoll, worker threads, log and credential files. */
const RESERVED_FDS = 128;
/** Per drive: its LMDB environment and lock file, format checks, scanner and heal reads. */
const RESERVED_FDS_PER_DRIVE = 16;
/** Never fewer than this many connections, however low the open-file limit. */
const MIN_CONNECTIONS = 16;

/**
 * The soft "Max open files" limit of this process (`/proc/self/limits`), or undefined where that
 * file does not exist (non-Linux) or says "unlimited".
 */
export function readOpenFileLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const m = /^Max open files\s+(\S+)/m.exec(text);
  const soft = m?.[1];
  if (soft === undefined || !/^\d+$/.test(soft)) return undefined;
  return Number(soft);
}

/**
 * Connections the engine accepts at once: half of the descriptors left after the reserve, so
 * that as many again remain for the shard files the admitted requests open (a GET or PUT opens
 * one per drive it touches) and for temp files. Without a known limit: 4096.
 */
export function defaultConnectionLimit(drives: number, openFileLimit = readOpenFileLimit()): number {
  if (openFileLimit === undefined) return 4096;
  const spare = openFileLimit - RESERVED_FDS - RESERVED_FDS_PER_DRIVE * drives;
  return Math.max(MIN_CONNECTIONS, Math.floor(spare / 2));
}

/** What `guardConnections` settled on (logged at start). */
export interface ConnectionGuardSettings {
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
}

/** Applies the limits above to a (not yet listening) server; see the module comment. */
export function guardConnections(
  server: Server,
  options: ConnectionGuardOptions,
  drives: number,
): ConnectionGuardSettings {
  const settings: ConnectionGuardSettings = {
    headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    maxConnections: options.maxConnections ?? defaultConnectionLimit(drives),
  };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be an integer ≥ 0`);
  }
  if (settings.maxConnections < 1) throw new RangeError('maxConnections must be at least 1');
  // Long uploads and downloads are bounded by the idle timeout only, never by a total.
  server.requestTimeout = 0;
  server.headersTimeout = settings.headersTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.timeout = settings.idleTimeoutMs;
  server.maxConnections = settings.maxConnections;

  if (settings.headersTimeoutMs > 0) {
    // Until the first request's headers are in, a socket costs a descriptor and gives nothing.
    const firstRequestTimers = new WeakMap<Socket, NodeJS.Timeout>();
    server.on('connection', (socket: Socket) => {
      const timer = setTimeout(() => socket.destroy(), settings.headersTimeoutMs);
      timer.unref();
      firstRequestTimers.set(socket, timer);
      socket.once('close', () => clearTimeout(timer));
    });
    server.on('request', (req: IncomingMessage) => {
      const timer = firstRequestTimers.get(req.socket);
      if (timer === undefined) return;
      clearTimeout(timer);
      firstRequestTimers.delete(req.socket);
    });
  }
  return settings;
}

/**
 * Options for `http.createServer` so Node's periodic check of `headersTimeout` runs often enough
 * for the bound to hold within a second of the configured value (Node's default is every 30 s).
 */
export function connectionsCheckingInterval(headersTimeoutMs: number): number {
  return Math.min(1000, Math.max(100, Math.floor(headersTimeoutMs / 10)));
}
