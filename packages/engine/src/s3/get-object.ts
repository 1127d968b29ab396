/**
 * GetObject (`GET /bucket/key`): conditional headers, Range or partNumber, response-* overrides,
 * checksum mode, then the bytes, streamed with back-pressure.
 *
 * A plain GET is one object-layer call (the version and its stream together). A Range or partNumber
 * needs the object's size first, so the version is looked up, the range resolved, and that exact
 * version read; if an unversioned key was overwritten in between (its ETag changed), the lookup is
 * repeated so a response never mixes two objects.
 *
 * The response head is written only once the first bytes have been read, so a read failure at the
 * start (quorum lost, corrupt data) still becomes a proper S3 error. A failure later can only cut
 * the connection. A client that disconnects destroys the object stream. Streamed chunks are handed
 * back to the layer (`release`) as the socket takes them, so its read buffers are reused.
 * Small objects come back from the layer already in memory (`body`): they are sent with one
 * `res.end(body)` — no stream, no pipeline (whose per-call AbortController cost more than the
 * send itself for a 4 KiB object).
 */
import type { Readable } from 'node:stream';
import type { RequestContext } from '../http/context.js';
import { InternalError } from '../common/errors.js';
import type { GetObjectOptions, GetObjectResult, ObjectInfo } from '../object-layer/types.js';
import {
  customerKeyOption,
  passConditionals,
  readRequest,
  resolveSlice,
  writeReadHead,
  type ReadRequest,
  type ReadSlice,
} from './object-read.js';
import { publishAccess } from './access-event.js';

/** How often a ranged read retries when the object changes under it. */
const RANGE_READ_ATTEMPTS = 3;

/** Send an object body after its head: at once when in memory, else streamed with back-pressure. */
async function sendBody(
  ctx: RequestContext,
  result: { stream: Readable; body?: Buffer; release?: (chunk: Buffer) => void },
  writeHead: () => void,
): Promise<void> {
  if (result.body !== undefined) {
    writeHead();
    ctx.res.end(result.body);
    return;
  }
  const stream = result.stream;
  const iterator = stream[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    // The first chunk (or the end of an empty object) before committing to a status line.
    first = await iterator.next();
  } catch (err) {
    stream.destroy();
    throw err;
  }
  writeHead();
  if (first.done === true) {
    ctx.res.end();
    return;
  }
  await writeChunks(ctx.res, stream, iterator, first.value, result.release);
}

/**
 * Writes the object's chunks to the response, waiting for 'drain' when the socket is full. Each
 * chunk goes to `release` once the socket has taken its bytes (the write callback), so the layer
 * reuses the buffer. The head is sent already: a read that fails midway, or a client that goes
 * away, can only end the connection; the object stream is then destroyed (closing its files).
 */
async function writeChunks(
  res: RequestContext['res'],
  stream: Readable,
  iterator: AsyncIterator<unknown>,
  first: unknown,
  release: ((chunk: Buffer) => void) | undefined,
): Promise<void> {
  let gone = false;
  let wake: (() => void) | undefined;
  const onGone = (): void => {
    gone = true;
    wake?.();
  };
  const onDrain = (): void => wake?.();
  res.on('close', onGone);
  res.on('error', onGone);
  res.on('drain', onDrain);
  try {
    let value = first;
    for (;;) {
      if (gone || res.destroyed) throw new Error('the response ended before the object was sent');
      const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
      const more =
        release !== undefined && chunk === value ? res.write(chunk, () => release(chunk)) : res.write(chunk);
      if (!more) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (gone || !res.writableNeedDrain) resolve();
        });
        wake = undefined;
      }
      const next = await iterator.next();
      if (next.done === true) break;
      value = next.value;
    }
    res.end();
  } catch {
    stream.destroy();
    if (!res.destroyed) res.destroy();
  } finally {
    res.off('close', onGone);
    res.off('error', onGone);
    res.off('drain', onDrain);
  }
}

/** Open the version and byte range a Range / partNumber request asks for; undefined after a 304. */
async function openSlice(
  ctx: RequestContext,
  req: ReadRequest,
): Promise<{ info: ObjectInfo; slice: ReadSlice; read?: GetObjectResult } | undefined> {
  const layer = ctx.engine.objectLayer;
  for (let attempt = 0; attempt < RANGE_READ_ATTEMPTS; attempt++) {
    const info = await layer.getObjectInfo(req.bucket, req.key, {
      ...(req.versionId !== undefined ? { versionId: req.versionId } : {}),
      sse: customerKeyOption(req),
    });
    if (!passConditionals(ctx, req, info)) return undefined;
    const slice = resolveSlice(req, info);
    // An empty part has no bytes to read.
    if (slice.partial && slice.range === undefined) return { info, slice };
    const result = await layer.getObject(req.bucket, req.key, {
      ...customerKeyOption(req),
      versionId: info.versionId,
      ...(slice.range !== undefined ? { range: slice.range } : {}),
    });
    if (result.info.etag === info.etag && result.info.size === info.size) {
      return { info: result.info, slice, read: result };
    }
    discard(result);
  }
  throw new InternalError('The object changed while it was being read; retry the request.', req);
}

export async function getObject(ctx: RequestContext): Promise<void> {
  const req = readRequest(ctx);
  const layer = ctx.engine.objectLayer;
  if (req.partNumber === undefined && req.rangeHeader === undefined) {
    const options: GetObjectOptions = {};
    if (req.versionId !== undefined) options.versionId = req.versionId;
    if (req.customerKey !== undefined) options.customerKey = req.customerKey.key;
    const result = await layer.getObject(req.bucket, req.key, options);
    let pass: boolean;
    try {
      pass = passConditionals(ctx, req, result.info);
    } catch (err) {
      discard(result);
      throw err;
    }
    if (!pass) {
      discard(result);
      return;
    }
    const slice = resolveSlice(req, result.info);
    await sendBody(ctx, result, () => writeReadHead(ctx, req, result.info, slice));
    publishAccess(ctx, 's3:ObjectAccessed:Get', result.info);
    return;
  }
  const opened = await openSlice(ctx, req);
  if (opened === undefined) return;
  const { info, slice, read } = opened;
  if (read === undefined) {
    writeReadHead(ctx, req, info, slice);
    ctx.res.end();
  } else {
    await sendBody(ctx, read, () => writeReadHead(ctx, req, info, slice));
  }
  publishAccess(ctx, 's3:ObjectAccessed:Get', info);
}

/** Release a read that will not be sent (an in-memory one holds nothing to release). */
function discard(result: GetObjectResult): void {
  if (result.body === undefined) result.stream.destroy();
}
