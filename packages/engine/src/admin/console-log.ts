/**
 * `GET /minio/admin/v3/log?node=&limit=&logType=` (admin:ConsoleLog; wire doc §3.11): the last
 * `limit` entries of the engine's console log (default 10, as MinIO when `limit` is not a number)
 * that `logType` and `node` accept, then the live tail, madmin's log `Info` per line.
 */
import type { RequestContext } from '../http/context.js';
import { logMask } from '../logging/index.js';
import { streamFeed } from './stream-feed.js';

/** MinIO's keep-alive of the log stream. */
const KEEP_ALIVE_MS = 500;
const DEFAULT_LIMIT = 10;

export async function consoleLog(ctx: RequestContext): Promise<void> {
  const limitText = ctx.query.get('limit') ?? '';
  const parsed = /^\d+$/.test(limitText) ? Number(limitText) : DEFAULT_LIMIT;
  const filter = { node: ctx.query.get('node') ?? '', mask: logMask(ctx.query.get('logType') ?? '') };
  const feed = ctx.engine.consoleLog.subscribe(filter, parsed);
  await streamFeed(ctx, feed, KEEP_ALIVE_MS, { Connection: 'close' });
}
