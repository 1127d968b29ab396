/**
 * Connection hardening of an HTTP server — the engine's and the console's (behind Fastify's
 * `serverFactory`) alike: slow or idle clients must not exhaust the process (issue 7 §5).
 *
 * - Header timeout (default 30 s, MinIO's `--read-header-timeout`): a connection whose first request
 *   has not arrived completely by then is destroyed by a per-socket timer — this also catches
 *   sockets that never send a byte, which Node's own `headersTimeout` only sees at its periodic
 *   check. Later requests on a kept-alive connection are bounded by Node's `headersTimeout`, whose
 *   check interval is lowered so the bound holds within a second.
 * - Keep-alive idle timeout (default 30 s, MinIO's `--idle-timeout`): idle connections between
 *   requests close. Closing an idle connection races with a client that reuses it at that moment
 *   (it sees ECONNRESET); see `closeIdleWithoutRace` for the half of that race the server owns.
 * - Idle timeout during a request (default 5 min): a request whose body or reply stopped moving
 *   (no byte either way) is cut. Flowing transfers are never cut: there is no total request timeout.
 * - Connection limit: connections beyond it are closed as soon as they are accepted
 *   (`server.maxConnections`), before the process runs out of file descriptors. The default is
 *   derived from the open-file limit (see `defaultConnectionLimit`); a caller that needs
 *   descriptors of its own per connection-independent resource (the engine: its drives) reserves
 *   them with `reservedFds`.
 *
 * Use: `resolveConnectionGuard(options, reservedFds)` once at start (defaults, validation — a bad
 * value fails the start, not the first request), then `createGuardedServer(handler, settings)`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardOptions {
  /** Time to receive a request's headers, ms (default 30 000). */
  headersTimeoutMs?: number;
  /** Idle time of a kept-alive connection between requests, ms (default 30 000). */
  keepAliveTimeoutMs?: number;
  /** Time without a byte in either direction during a request, ms (default 300 000; 0 = none). */
  idleTimeoutMs?: number;
  /** Simultaneous connections; default from the open-file limit (`defaultConnectionLimit`). */
  maxConnections?: number;
}

/** What `resolveConnectionGuard` settled on (the engine logs it at start). */
export type ConnectionGuardSettings = Required<ConnectionGuardOptions>;

export const DEFAULT_HEADERS_TIMEOUT_MS = 30_000;
/**
 * MinIO's (Go's `IdleTimeout` as MinIO sets it). Node's own 5 s sits right where clients that pause
 * between bursts (SDK agents keep free sockets without a timer of their own) come back, and every
 * such reuse at the instant of the close is a reset; 30 s makes the coincidence rare.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

/** Descriptors kept for the runtime itself: stdio, epoll, worker threads, logs, session and static files. */
export const RESERVED_FDS = 128;
/** Never fewer than this many connections, however low the open-file limit. */
const MIN_CONNECTIONS = 16;
/** Without a known open-file limit (non-Linux, unlimited). */
const UNKNOWN_LIMIT_CONNECTIONS = 4096;

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
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

/**
 * Connections accepted at once: half of the descriptors left after the runtime's reserve and the
 * caller's `reservedFds`, so that as many again remain for what each admitted request opens besides
 * its socket — the engine's shard files and temp files (a GET or PUT opens one per drive it
 * touches), the console's socket to the storage server it forwards to (uploads and downloads
 * stream through). Never fewer than 16; without a known limit 4096.
 */
export function defaultConnectionLimit(reservedFds = 0, openFileLimit = readOpenFileLimit()): number {
  if (openFileLimit === undefined) return UNKNOWN_LIMIT_CONNECTIONS;
  const spare = openFileLimit - RESERVED_FDS - reservedFds;
  return Math.max(MIN_CONNECTIONS, Math.floor(spare / 2));
}

/**
 * The settings of `options` with defaults filled in and checked: every value an integer ≥ 0,
 * `maxConnections` ≥ 1 (else a `RangeError`). `reservedFds` only sizes the default connection limit.
 */
export function resolveConnectionGuard(
  options: ConnectionGuardOptions = {},
  reservedFds = 0,
): ConnectionGuardSettings {
  const settings: ConnectionGuardSettings = {
    headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    maxConnections: options.maxConnections ?? defaultConnectionLimit(reservedFds),
  };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be an integer ≥ 0`);
  }
  if (settings.maxConnections < 1) throw new RangeError('maxConnections must be at least 1');
  return settings;
}

/**
 * How often Node checks `headersTimeout`: often enough for the bound to hold within a second of
 * the configured value (Node's default is every 30 s), never more than 10 times a second.
 */
export function connectionsCheckingInterval(headersTimeoutMs: number): number {
  return Math.min(1000, Math.max(100, Math.floor(headersTimeoutMs / 10)));
}

/**
 * Node's own socket-timeout handler destroys the socket in the timers phase of a loop turn, before
 * the turn polls for I/O: a request the client wrote just before the keep-alive deadline — or
 * during a long turn of a busy server — sits unread in the kernel, and the close answers it with a
 * reset. A server 'timeout' listener replaces that handler (Node then leaves the socket alone):
 * between requests the close waits for `setImmediate`, which runs after this turn's poll, and is
 * dropped if a byte arrived meanwhile (a new request: Node's header timeout bounds it from here).
 * During a request (the guard's idle timeout) the socket is destroyed at once, as Node would.
 * What stays is the client's half: a request already on the wire when the server's FIN leaves.
 */
function closeIdleWithoutRace(server: http.Server): void {
  const busy = new WeakMap<Socket, number>();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => busy.set(socket, (busy.get(socket) ?? 1) - 1));
  });
  server.on('timeout', (socket: Socket) => {
    if ((busy.get(socket) ?? 0) > 0) {
      socket.destroy();
      return;
    }
    const bytesRead = socket.bytesRead;
    setImmediate(() => {
      if (socket.bytesRead === bytesRead) socket.destroy();
    });
  });
}

/**
 * A new (not yet listening) HTTP server with `settings` applied; see the module comment.
 * `serverOptions` are the caller's own `http.createServer` options (say `maxHeaderSize`); the
 * guard's timeouts override any it names.
 */
export function createGuardedServer(
  handler: http.RequestListener,
  settings: ConnectionGuardSettings,
  serverOptions: http.ServerOptions = {},
): http.Server {
  const server = http.createServer(
    {
      ...serverOptions,
      // Long uploads and downloads are bounded by the idle timeout only, never by a total.
      requestTimeout: 0,
      headersTimeout: settings.headersTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(settings.headersTimeoutMs),
    },
    handler,
  );
  server.timeout = settings.idleTimeoutMs;
  server.maxConnections = settings.maxConnections;
  closeIdleWithoutRace(server);

  if (settings.headersTimeoutMs > 0) {
    // Until the first request's headers are in, a socket costs a descriptor and gives nothing.
    const firstRequestTimers = new WeakMap<Socket, NodeJS.Timeout>();
    server.on('connection', (socket: Socket) => {
      const timer = setTimeout(() => socket.destroy(), settings.headersTimeoutMs);
      timer.unref();
      firstRequestTimers.set(socket, timer);
      socket.once('close', () => clearTimeout(timer));
    });
    server.on('request', (req: http.IncomingMessage) => {
      const timer = firstRequestTimers.get(req.socket);
      if (timer === undefined) return;
      clearTimeout(timer);
      firstRequestTimers.delete(req.socket);
    });
  }
  return server;
}
