/**
 * The one way to serve a live socket of the contract (`STREAMS`, spec 2 §7):
 *
 *   registerStream(app, ctx, STREAMS.watchBucket, ({ session, params, query, signal }) => upstream)
 *
 * - The upgrade request is checked like an API call: the session cookie must name a live session
 *   (else 401 before any upgrade), the Origin must be the console's (the global same-origin hook),
 *   params and query are validated by the entry's zod schemas (400).
 * - The upstream is an `AsyncIterable` of messages; each is checked against the entry's message
 *   schema and sent as one JSON text frame, with back-pressure (`pump.ts`).
 * - Keep-alive: the client's 'ok' is accepted (anything else closes 1008); the server pings every
 *   `pingIntervalMs` so idle proxies keep the connection, ends a socket whose peer answered
 *   nothing for a whole interval, and closes 1008 once the session has ended.
 * - Cancellation both ways: the browser going away aborts `signal`, which the upstream honours
 *   (its HTTP call to the storage server is destroyed); the upstream ending closes 1000, an
 *   upstream failure closes 1011 with a readable reason.
 */
import type { StreamContract } from '@coffer/contract';
import { KEEP_ALIVE_MESSAGE, STREAM_CLOSE } from '@coffer/contract';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { liveSession, sessionCheck, sessionKindCheck } from '../session/authenticate.js';
import type { Session } from '../session/session-store.js';
import { pumpToSocket } from './pump.js';

type Output<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType }
  ? z.output<T>
  : Record<string, never>;

export interface StreamContext<S extends StreamContract> {
  session: Session;
  params: Output<S, 'params'>;
  query: Output<S, 'querystring'>;
  /** Aborted when the socket closes, whoever closed it. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** Makes the messages of one socket; called once per connection, after the upgrade. */
export type StreamUpstream<S extends StreamContract> = (
  ctx: StreamContext<S>,
) => AsyncIterable<z.input<S['message']>>;

/** The part of the app context a stream needs. */
export type StreamAppContext = Pick<AppContext, 'sessions' | 'options'> &
  Partial<Pick<AppContext, 'credentialRenewal'>>;

/** A close reason is at most 123 bytes of UTF-8 (RFC 6455 §5.5). */
export function closeReason(text: string): string {
  let reason = text.replace(/\s+/g, ' ').trim();
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

export function registerStream<const S extends StreamContract>(
  app: FastifyInstance,
  ctx: StreamAppContext,
  stream: S,
  upstream: StreamUpstream<S>,
): void {
  const { highWaterMark, pingIntervalMs } = ctx.options.streams;
  const encode = (message: unknown) => JSON.stringify(stream.message.parse(message));
  app.get(
    stream.path,
    {
      websocket: true,
      // Live sockets read the storage server: storage sessions only (an operator session has no keys).
      onRequest: [
        sessionCheck(ctx.sessions, ctx.options.basePath, ctx.credentialRenewal),
        sessionKindCheck('storage'),
      ],
      schema: {
        ...(stream.params !== undefined ? { params: stream.params } : {}),
        ...(stream.querystring !== undefined ? { querystring: stream.querystring } : {}),
      },
    },
    (socket: WebSocket, request) => {
      const session = request.consoleSession;
      if (session === undefined) {
        socket.close(STREAM_CLOSE.policy, 'no session');
        return;
      }
      const log = request.log;
      const controller = new AbortController();
      socket.on('close', () => controller.abort());
      socket.on('error', (err) => log.debug({ err }, 'live socket error'));

      const close = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(code, closeReason(reason));
        controller.abort();
      };

      let heard = true;
      socket.on('pong', () => (heard = true));
      socket.on('message', (data, isBinary) => {
        heard = true;
        if (isBinary || data.toString() !== KEEP_ALIVE_MESSAGE) {
          close(STREAM_CLOSE.policy, `only the keep-alive '${KEEP_ALIVE_MESSAGE}' is accepted`);
        }
      });
      const ping = setInterval(() => {
        if (!heard) {
          socket.terminate();
          return;
        }
        heard = false;
        socket.ping();
        // Also keeps an open stream's session credentials renewed while nothing else is asked.
        liveSession(ctx.sessions, ctx.credentialRenewal, session.id).then(
          (live) => {
            if (live === undefined) close(STREAM_CLOSE.policy, 'the session has ended');
          },
          (err: unknown) => log.warn({ err }, 'session check of a live socket failed'),
        );
      }, pingIntervalMs);
      controller.signal.addEventListener('abort', () => clearInterval(ping), { once: true });

      const fail = (err: unknown) => {
        log.info({ err }, 'live socket upstream failed');
        close(STREAM_CLOSE.upstreamError, err instanceof Error ? err.message : String(err));
      };
      let source: AsyncIterable<unknown>;
      try {
        source = upstream({
          session,
          params: request.params as Output<S, 'params'>,
          query: request.query as Output<S, 'querystring'>,
          signal: controller.signal,
          log,
        });
      } catch (err) {
        fail(err);
        return;
      }
      pumpToSocket(socket, source, { highWaterMark, signal: controller.signal, encode }).then(
        () => close(STREAM_CLOSE.normal, ''),
        fail,
      );
    },
  );
}
