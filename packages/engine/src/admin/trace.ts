/**
 * `GET /minio/admin/v3/trace` (admin:ServerTrace; wire doc §3.10): the live trace of the calls the
 * engine answers, MinIO's `TraceInfo` per line. Query as madmin sends it: one `true`/`false` per
 * trace type (`s3`, `internal`, `storage`, `os`, `scanner`, …), `err` (only answers ≥ 400),
 * `threshold` (a Go duration; faster calls are left out) and the deprecated `all`. The engine traces
 * HTTP calls (types `s3` and `internal`); the other types are accepted and simply see nothing yet.
 */
import type { RequestContext } from '../http/context.js';
import { TRACE_TYPE, type TraceOptions } from '../logging/index.js';
import { parseGoDuration } from '../notify/index.js';
import { AdminInvalidRequest } from './errors.js';
import { streamFeed } from './stream-feed.js';

/** MinIO's keep-alive of the trace stream. */
const KEEP_ALIVE_MS = 1000;

/** The subscriber's options from the query; throws AdminInvalidRequest on a bad threshold. */
export function traceOptionsOf(query: URLSearchParams): TraceOptions {
  let types = 0;
  for (const [name, bit] of Object.entries(TRACE_TYPE)) {
    if (query.get(name) === 'true') types |= bit;
  }
  // Deprecated `all=true`: s3, internal, storage and os.
  if (query.get('all') === 'true')
    types |= TRACE_TYPE.s3 | TRACE_TYPE.internal | TRACE_TYPE.storage | TRACE_TYPE.os;
  const threshold = query.get('threshold') ?? '';
  let thresholdMs = 0;
  if (threshold !== '' && threshold !== '0') {
    const parsed = parseGoDuration(threshold);
    if (parsed === undefined) throw new AdminInvalidRequest(`time: invalid duration "${threshold}"`);
    thresholdMs = parsed;
  }
  return { types, onlyErrors: query.get('err') === 'true', thresholdNs: Math.round(thresholdMs * 1e6) };
}

export async function serviceTrace(ctx: RequestContext): Promise<void> {
  const options = traceOptionsOf(ctx.query);
  await streamFeed(ctx, ctx.engine.trace.subscribe(options), KEEP_ALIVE_MS);
}
