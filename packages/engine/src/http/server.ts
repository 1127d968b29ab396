/**
 * The engine's HTTP server: builds one `RequestContext` per request, sets the headers MinIO puts
 * on every reply (wire doc §1.2 "Common response headers"), routes, and turns whatever a handler
 * throws into the error format of the API it was routed to. The server is returned unlistening;
 * `engine.ts` owns `listen()` and shutdown.
 */
import http from 'node:http';
import {
  createGuardedServer,
  createRequestGate,
  defaultRequestSlots,
  resolveConnectionGuard,
  type RequestGate,
  type ConnectionGuardOptions,
  type ConnectionGuardSettings,
} from '@coffer/server-guard';
import type { RequestContext } from './context.js';
import type { EngineContext } from '../engine-context.js';
import { handleCors } from './bucket-cors.js';
import { hostIdOf, writeError } from './errors.js';
import { createRequestIdGenerator } from './request-id.js';
import { auditWhenDone, reportServerError } from './audit.js';
import { traceWhenDone } from './trace.js';
import { createRequestContext, createRouterState, resolveRequestTarget, routeRequest } from './router.js';

function setCommonHeaders(ctx: RequestContext): void {
  const { res } = ctx;
  res.setHeader('X-Amz-Request-Id', ctx.requestId);
  res.setHeader('X-Amz-Id-2', hostIdOf(ctx));
  res.setHeader('Server', 'MinIO');
  res.setHeader('Accept-Ranges', 'bytes');
  if (ctx.engine.region !== '') res.setHeader('x-amz-bucket-region', ctx.engine.region);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-XSS-Protection', '1; mode=block');
  res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * The engine's responses note when their head goes out (time to first byte): Node sends the headers
 * through writeHead, also the implicit one of a first write or `end`, so the first call marks it.
 * A class of its own (Node's `ServerResponse` option) instead of a wrapper put on every response.
 */
class TimedResponse<
  Request extends http.IncomingMessage = http.IncomingMessage,
> extends http.ServerResponse<Request> {
  /** `performance.now()` at the first writeHead; 0 until then. */
  headAt = 0;

  override writeHead(...args: unknown[]): this {
    if (this.headAt === 0) this.headAt = performance.now();
    return (super.writeHead as (...a: unknown[]) => this).apply(this, args);
  }
}

/**
 * Count the request in the engine's metrics once its reply is done (or the connection dropped).
 * Byte counts are the socket's deltas over the request: headers included, close enough for traffic
 * totals, and obtained without reading the body ourselves.
 */
function recordWhenDone(ctx: RequestContext): void {
  const metrics = ctx.engine.metrics;
  const socket = ctx.req.socket;
  const readAtStart = socket.bytesRead;
  const writtenAtStart = socket.bytesWritten;
  const started = performance.now();
  ctx.res.once('close', () => {
    const durationMs = performance.now() - started;
    const headAt = ctx.res instanceof TimedResponse ? ctx.res.headAt : 0;
    const ttfbMs = headAt === 0 ? undefined : headAt - started;
    const status = ctx.res.writableFinished ? ctx.res.statusCode : 499;
    metrics.recordRequest(
      ctx.operation ?? 'unknown',
      status,
      socket.bytesRead - readAtStart,
      socket.bytesWritten - writtenAtStart,
      durationMs,
      ctx.api ?? 's3',
      ttfbMs,
    );
  });
}

/**
 * Where each request finds the engine's services: the context, or — while the engine restarts in
 * place (`engine.ts`) — a promise of the new one, which the request waits for.
 */
export type EngineContextSource = () => EngineContext | Promise<EngineContext>;

/**
 * Descriptors the engine keeps per drive besides the connections' own (its LMDB environment and
 * lock file, format checks, scanner and heal reads): they shrink the default connection limit.
 */
const RESERVED_FDS_PER_DRIVE = 16;

/**
 * Descriptors an S3 request opens besides its socket: a shard file per drive (an erasure-coded
 * PUT or GET holds them all while it streams) and one more (a metadata file, a replication or
 * tier connection). Measured: 200 concurrent 2 MiB PUTs on 4 drives peaked at 984 descriptors,
 * 33 of them the idle engine's — 3.8 per upload besides its socket.
 */
const fdsPerRequest = (drives: number): number => drives + 1;

/**
 * Create the (not yet listening) HTTP server of an engine, its connections guarded
 * (`createGuardedServer` of `@coffer/server-guard`) and its S3 requests admitted by a descriptor
 * budget (`admission.ts`); `drives` sizes the default connection limit and the budget.
 * Invalid `guard` options throw a `RangeError`.
 */
export function createHttpServer(
  engine: EngineContext | EngineContextSource,
  guard: ConnectionGuardOptions = {},
  drives = 4,
): http.Server & { guard: ConnectionGuardSettings; gate: RequestGate } {
  const nextRequestId = createRequestIdGenerator();
  const settings = resolveConnectionGuard(guard, RESERVED_FDS_PER_DRIVE * drives);
  // Connections × 1 + requests × fdsPerRequest stay within the open-file limit: the process never
  // runs out of descriptors at accept, where Node can only answer with a reset.
  const gate = createRequestGate(
    defaultRequestSlots(settings.maxConnections, RESERVED_FDS_PER_DRIVE * drives, fdsPerRequest(drives)),
  );
  const routerState = createRouterState(gate);
  const source: EngineContextSource = typeof engine === 'function' ? engine : () => engine;

  const serve = (req: http.IncomingMessage, res: http.ServerResponse, engine: EngineContext): void => {
    const ctx = createRequestContext(req, res, engine, nextRequestId());
    setCommonHeaders(ctx);
    recordWhenDone(ctx);
    auditWhenDone(ctx);
    traceWhenDone(ctx);
    const run = async (): Promise<void> => {
      resolveRequestTarget(ctx);
      // Only browsers send Origin: other requests skip the (bucket-configuration) lookup.
      if (ctx.req.headers.origin !== undefined && (await handleCors(ctx))) return;
      await routeRequest(ctx, routerState);
    };
    run().catch((err: unknown) => {
      try {
        writeError(ctx, err);
        reportServerError(ctx, err);
      } catch (writeErr) {
        console.error('[engine] failed to write an error response', writeErr);
        res.destroy();
      }
    });
  };

  const server = createGuardedServer(
    (req, res) => {
      const current = source();
      if (!(current instanceof Promise)) {
        serve(req, res, current);
        return;
      }
      // The engine is restarting in place: the request waits for the new services.
      current.then(
        (engine) => serve(req, res, engine),
        () => {
          res.statusCode = 503;
          res.setHeader('Retry-After', '1');
          res.end();
        },
      );
    },
    settings,
    // S3 clients send large headers (presigned URLs in Referer, many x-amz-meta-*).
    { maxHeaderSize: 64 * 1024, ServerResponse: TimedResponse },
  );
  // A socket error (client reset mid-request) must not crash the process.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Headers that did not arrive in time (the guard's `headersTimeout`) get 408, anything else
    // 400; the socket is destroyed once the answer is written, whether or not the client closes
    // its side.
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
      socket.destroy(),
    );
  });
  return Object.assign(server, { guard: settings, gate });
}
