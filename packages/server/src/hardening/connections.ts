/**
 * Connection hardening of the console's HTTP server (issue 7 §5), applied to the server Fastify
 * runs on (`serverFactory` in app.ts):
 * - header timeout (default 30 s, MinIO's): a connection whose first request has not arrived
 *   completely by then is destroyed by a per-socket timer (this also catches sockets that never
 *   send a byte); later requests on a kept-alive connection are bounded by Node's
 *   `headersTimeout`, checked every second at most;
 * - keep-alive idle timeout (default 5 s) between requests;
 * - idle timeout during a request (default 5 min without a byte either way); flowing uploads and
 *   downloads are never cut — there is no total request timeout;
 * - a connection limit (closed as soon as accepted beyond it) derived from the open-file limit.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionOptions {
  /** Time to receive a request's headers, ms (default 30 000). */
  headersTimeoutMs?: number;
  /** Idle time of a kept-alive connection between requests, ms (default 5 000). */
  keepAliveTimeoutMs?: number;
  /** Time without a byte in either direction during a request, ms (default 300 000; 0 = none). */
  idleTimeoutMs?: number;
  /** Simultaneous connections; default from the open-file limit (`defaultConnectionLimit`). */
  maxConnections?: number;
}

export type ConnectionSettings = Required<ConnectionOptions>;

/** Descriptors kept for the runtime, session files, static files and logs. */
const RESERVED_FDS = 128;
const MIN_CONNECTIONS = 16;

/** The soft "Max open files" limit of this process, or undefined (non-Linux, unlimited). */
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
 * Half of the descriptors left after the reserve: every admitted request may hold a second one,
 * the socket to the storage server it is forwarded to (uploads and downloads stream through).
 */
export function defaultConnectionLimit(openFileLimit = readOpenFileLimit()): number {
  if (openFileLimit === undefined) return 4096;
  return Math.max(MIN_CONNECTIONS, Math.floor((openFileLimit - RESERVED_FDS) / 2));
}

export function resolveConnectionSettings(options: ConnectionOptions = {}): ConnectionSettings {
  const settings: ConnectionSettings = {
    headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 5_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 300_000,
    maxConnections: options.maxConnections ?? defaultConnectionLimit(),
  };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be an integer ≥ 0`);
  }
  if (settings.maxConnections < 1) throw new RangeError('maxConnections must be at least 1');
  return settings;
}

/** An HTTP server with the settings applied; `handler` is Fastify's request handler. */
export function createGuardedServer(
  handler: http.RequestListener,
  settings: ConnectionSettings,
): http.Server {
  const server = http.createServer(
    {
      requestTimeout: 0,
      headersTimeout: settings.headersTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      // Node checks header deadlines every 30 s by default; a bound must hold within a second.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(settings.headersTimeoutMs / 10))),
    },
    handler,
  );
  server.timeout = settings.idleTimeoutMs;
  server.maxConnections = settings.maxConnections;
  if (settings.headersTimeoutMs > 0) {
    const firstRequest = new WeakMap<Socket, NodeJS.Timeout>();
    server.on('connection', (socket: Socket) => {
      const timer = setTimeout(() => socket.destroy(), settings.headersTimeoutMs);
      timer.unref();
      firstRequest.set(socket, timer);
      socket.once('close', () => clearTimeout(timer));
    });
    server.on('request', (req: http.IncomingMessage) => {
      clearTimeout(firstRequest.get(req.socket));
      firstRequest.delete(req.socket);
    });
  }
  return server;
}
