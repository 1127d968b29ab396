/**
 * The HTTP side of `GET /minio/admin/v3/trace` (wire doc §3.10): once a call is answered, MinIO's
 * `TraceInfo` of it (function name, path, status, client, timing, bytes both ways, headers with
 * their secrets redacted) goes to the engine's trace hub.
 *
 * Only while a client traces: otherwise a request pays one property read here. A request that
 * started before the first subscriber joined is not traced (its start was not noted).
 * Types as MinIO files them: calls under `/minio/` (admin, KMS, health, metrics) are `internal`,
 * everything else `s3`; the hub's filter hides `/minio/` paths unless `internal` is asked for.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { RequestContext } from './context.js';
import { plainAddress } from './client-address.js';
import { meterReply } from './reply-meter.js';
import { redactedHeader, redactedQueryValue } from './audit.js';
import { canonicalHeaderName, TRACE_TYPE, type TraceInfo } from '../logging/index.js';

/** Canonical header names already computed (clients send the same few names over and over). */
const CANONICAL = new Map<string, string>();
const CANONICAL_LIMIT = 512;

function canonical(name: string): string {
  let out = CANONICAL.get(name);
  if (out === undefined) {
    out = canonicalHeaderName(name);
    if (CANONICAL.size < CANONICAL_LIMIT) CANONICAL.set(name, out);
  }
  return out;
}

/** Go's `http.Header`: canonical names, each with its list of values. */
function goHeaders(headers: OutgoingHttpHeaders | NodeJS.Dict<string | string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[canonical(name)] = [redactedHeader(name, value)];
  }
  return out;
}

function rawQuery(query: URLSearchParams): string {
  const parts: string[] = [];
  for (const [name, value] of query) {
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(redactedQueryValue(name, value))}`);
  }
  return parts.join('&');
}

/** Publish the call's trace to the hub once its reply is done (nothing while nobody traces). */
export function traceWhenDone(ctx: RequestContext): void {
  const { trace } = ctx.engine;
  if (!trace.listening) return;
  const { req, res } = ctx;
  meterReply(ctx, (measure) => {
    const type = ctx.path.startsWith('/minio/') ? TRACE_TYPE.internal : TRACE_TYPE.s3;
    // The trace stream itself is not traced (it ends when its own reader leaves).
    if (!trace.wants(type) || ctx.operation === 'Trace') return;
    const { startedAt, latencyNs: latency, statusCode } = measure;
    const info: TraceInfo = {
      type,
      nodename: ctx.engine.endpoint(),
      funcname: `${ctx.api ?? 's3'}.${ctx.operation ?? 'unknown'}`,
      time: startedAt.toISOString(),
      path: ctx.path,
      dur: latency,
      http: {
        request: {
          time: startedAt.toISOString(),
          proto: `HTTP/${req.httpVersion}`,
          method: ctx.method,
          path: ctx.path,
          rawquery: rawQuery(ctx.query),
          headers: goHeaders(req.headers),
          client: plainAddress(req.socket.remoteAddress ?? ''),
        },
        response: {
          time: new Date().toISOString(),
          headers: goHeaders(res.getHeaders()),
          statuscode: statusCode,
        },
        stats: {
          inputbytes: measure.rx,
          outputbytes: measure.tx,
          latency,
          timetofirstbyte: measure.timeToFirstByteNs ?? 0,
        },
      },
    };
    trace.publish(info);
  });
}
