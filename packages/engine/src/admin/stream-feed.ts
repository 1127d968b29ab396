/**
 * Writes a live feed to an admin streaming response as MinIO does (wire doc §1.3): status 200,
 * `text/event-stream` headers (not SSE syntax), one JSON document per line, and a bare space as
 * keep-alive whenever nothing was written for `keepAliveMs`. A client that reads slowly holds the
 * loop at the socket's `drain` while its feed keeps at most its bound (newer entries are dropped),
 * so the engine's memory stays bounded. Ends when the client goes away or the feed is closed
 * (engine close); the feed is closed either way.
 */
import type { RequestContext } from '../http/context.js';
import type { LiveFeed } from '../logging/index.js';

/** Entries joined into one write at most. */
const BATCH = 64;

export async function streamFeed<T>(
  ctx: RequestContext,
  feed: LiveFeed<T>,
  keepAliveMs: number,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const { res } = ctx;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Accel-Buffering', 'no');
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.flushHeaders();

  let wrote = false;
  const keepAlive = setInterval(() => {
    if (!wrote && res.writable) res.write(' ');
    wrote = false;
  }, keepAliveMs);
  const leave = (): void => feed.close();
  res.once('close', leave);
  try {
    for (let item = await feed.next(); item !== undefined; item = await feed.next()) {
      if (!res.writable) break;
      wrote = true;
      // Whatever else is already queued goes out in the same write (one syscall under load).
      let lines = `${JSON.stringify(item)}\n`;
      for (let n = 1, more = feed.poll(); more !== undefined; more = n < BATCH ? feed.poll() : undefined) {
        lines += `${JSON.stringify(more)}\n`;
        n++;
      }
      if (!res.write(lines)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        });
      }
    }
  } finally {
    clearInterval(keepAlive);
    res.off('close', leave);
    feed.close();
    if (!res.writableEnded) res.end();
  }
}
