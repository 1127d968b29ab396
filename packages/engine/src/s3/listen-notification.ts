/**
 * ListenBucketNotification (`GET /<bucket>?events=…&prefix=&suffix=&ping=N`) and
 * ListenNotification (`GET /?events=…`, every bucket), MinIO's live event stream (wire doc §5.1):
 * a 200 `text/event-stream` response of `{"Records":[record]}` lines, one per matching event, for
 * as long as the client stays. Keep-alive as MinIO: with `ping=N` a `{"Records":null}` line every
 * N seconds, without it a single space every 500 ms. The stream subscribes to the event hub with a
 * bounded queue, so a slow client loses its oldest events instead of growing memory; the
 * subscription ends when the client disconnects (or the engine closes).
 */
import type { RequestContext } from '../http/context.js';
import { InvalidArgument } from '../common/errors.js';
import { OBJECT_EVENT_NAMES, type ObjectEvent } from '../events/index.js';
import { eventMatches, MINIO_EVENT_NAMES } from '../notify/index.js';

/** Events a listener may have waiting before the oldest are dropped. */
const LISTEN_QUEUE_LIMIT = 1000;
/** MinIO's keep-alive without `ping`. */
const SPACE_EVERY_MS = 500;
const BAD_EVENT = 'A specified event is not supported for notifications.';

function single(ctx: RequestContext, name: 'prefix' | 'suffix'): string {
  const values = ctx.query.getAll(name);
  if (values.length > 1) {
    throw new InvalidArgument(`Cannot specify more than one ${name} rule in a filter.`, ctx.target);
  }
  return values[0] ?? '';
}

export async function listenNotification(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket;
  const wanted = ctx.query.getAll('events').flatMap((v) => v.split(','));
  for (const name of wanted) {
    if (!MINIO_EVENT_NAMES.has(name)) throw new InvalidArgument(BAD_EVENT, ctx.target);
  }
  const prefix = single(ctx, 'prefix');
  const suffix = single(ctx, 'suffix');
  const pingSeconds = Number(ctx.query.get('ping') ?? '');
  if (bucket !== undefined) await ctx.engine.objectLayer.getBucketInfo(bucket);
  // The names this engine emits that the request's names and wildcards cover.
  const names = OBJECT_EVENT_NAMES.filter((name) => wanted.some((pattern) => eventMatches(pattern, name)));

  const { res } = ctx;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();

  await new Promise<void>((resolve) => {
    let drained: (() => void) | undefined;
    const write = (line: string): Promise<void> | undefined => {
      if (res.writableEnded || res.destroyed) return undefined;
      if (res.write(line)) return undefined;
      // A slow reader: wait for it (the hub keeps at most LISTEN_QUEUE_LIMIT events meanwhile).
      return new Promise<void>((ok) => {
        drained = ok;
        res.once('drain', () => {
          drained = undefined;
          ok();
        });
      });
    };
    const unsubscribe =
      names.length === 0
        ? () => undefined
        : ctx.engine.events.subscribe(
            { events: names, ...(bucket !== undefined ? { bucket } : {}), prefix, suffix },
            (event: ObjectEvent) => write(JSON.stringify({ Records: [event.record] }) + '\n'),
            { name: `listen:${ctx.req.socket.remoteAddress ?? ''}`, queueLimit: LISTEN_QUEUE_LIMIT },
          );
    const ping =
      Number.isInteger(pingSeconds) && pingSeconds > 0
        ? setInterval(() => void write('{"Records":null}\n'), pingSeconds * 1000)
        : setInterval(() => void write(' '), SPACE_EVERY_MS);
    let done = false;
    const stop = (): void => {
      if (done) return;
      done = true;
      clearInterval(ping);
      unsubscribe();
      untrack();
      drained?.();
      if (!res.writableEnded) res.end();
      resolve();
    };
    const untrack = ctx.engine.notifications.trackListener(stop);
    res.once('close', stop);
    ctx.req.once('close', () => {
      if (ctx.req.socket.destroyed) stop();
    });
  });
}
