/**
 * The live sockets' shared constants (spec 2 §7, §9), free of zod: the path prefix, the client's
 * keep-alive text and period, and the close codes the server uses.
 */

/** Every live socket lives below `<base>/ws`. */
export const WS_PREFIX = '/ws';

/** What the client sends after opening and every `KEEP_ALIVE_INTERVAL_MS` (spec 2 §7). */
export const KEEP_ALIVE_MESSAGE = 'ok';
export const KEEP_ALIVE_INTERVAL_MS = 10_000;

/** Close codes (RFC 6455 §7.4.1) and what they mean here. */
export const STREAM_CLOSE = {
  /** The upstream ended (or the client stopped). */
  normal: 1000,
  /** The console is shutting down. */
  goingAway: 1001,
  /** The client sent something other than the keep-alive, or its session ended. */
  policy: 1008,
  /** The upstream failed; the reason says why. */
  upstreamError: 1011,
} as const;
