/**
 * SelectObjectContent (`POST /bucket/key?select&select-type=2`): runs an S3 Select SQL expression
 * over a CSV or JSON object (optionally GZIP-compressed) and answers in AWS's event-stream framing
 * (`./select/event-stream.ts`). Everything that can be checked before reading — the request
 * document, the SQL, the object's existence and key — fails as a plain S3 XML error; once the 200
 * is sent, an error met while evaluating (a bad CAST, malformed input) goes into the stream as an
 * error message and ends it. Records are sent in `Records` messages of up to 1 MiB (minio-js keeps
 * only the last Records message it sees, so small results travel as one message), then `Progress`
 * (when asked), `Stats` and `End`; a `Cont` keeps the connection alive while a long scan finds
 * nothing. Read with backpressure; LIMIT and a departing client stop the read.
 */
import { Readable, Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { SelectInvalidQuery } from './errors.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { readCustomerKey } from './sse-request.js';
import { parseSelectRequest, type SelectRequest } from './select/select-request.js';
import { parseQuery, type Query } from './select/sql-parser.js';
import { Evaluator } from './select/sql-eval.js';
import { SelectRuntimeError } from './select/sql-functions.js';
import { csvRecords, jsonRecords } from './select/input-records.js';
import { RecordWindow, resolveScanRange } from './select/scan-range.js';
import { formatRecord } from './select/output-records.js';
import {
  continuationMessage,
  endMessage,
  errorMessage,
  progressMessage,
  recordsMessage,
  statsMessage,
  type SelectStats,
} from './select/event-stream.js';

const MAX_REQUEST_BYTES = 512 * 1024;
const RECORDS_MESSAGE_BYTES = 1024 * 1024;
const KEEP_ALIVE_MS = 10_000;

/** Counts the bytes that pass. */
class Counter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _e: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}

/** Writes to the response, waiting when the socket is full; false once the client has gone. */
async function write(ctx: RequestContext, bytes: Buffer): Promise<boolean> {
  const res = ctx.res;
  if (res.destroyed || res.writableEnded) return false;
  if (res.write(bytes)) return true;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}

async function run(
  ctx: RequestContext,
  request: SelectRequest,
  query: Query,
  source: Readable,
): Promise<void> {
  const scanned = new Counter();
  const processed = new Counter();
  source.on('error', (err) => scanned.destroy(err));
  source.pipe(scanned);
  let decoded: Readable = scanned;
  if (request.compression === 'GZIP') {
    const gunzip = zlib.createGunzip();
    scanned.on('error', (err) => gunzip.destroy(err));
    gunzip.on('error', () => undefined);
    decoded = scanned.pipe(gunzip);
  }
  decoded.on('error', (err) => processed.destroy(err));
  decoded.pipe(processed);

  const evaluator = new Evaluator(query);
  const stats: SelectStats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 };
  const snapshot = (): SelectStats => ({
    ...stats,
    bytesScanned: scanned.bytes,
    bytesProcessed: processed.bytes,
  });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lastWrite = Date.now();
  const flush = async (): Promise<boolean> => {
    if (pendingBytes === 0) return true;
    const payload = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    stats.bytesReturned += payload.length;
    lastWrite = Date.now();
    return write(ctx, recordsMessage(payload));
  };
  const keepAlive = setInterval(() => {
    if (Date.now() - lastWrite >= KEEP_ALIVE_MS && !ctx.res.writableEnded && !ctx.res.destroyed) {
      lastWrite = Date.now();
      ctx.res.write(continuationMessage());
    }
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  // A client that leaves mid-scan stops the read at once, not at the next matching record.
  const onClose = (): void => {
    if (!ctx.res.writableFinished) processed.destroy(new Error('The client went away.'));
  };
  ctx.res.once('close', onClose);

  const records =
    request.input.kind === 'CSV'
      ? csvRecords(processed, request.input.csv)
      : jsonRecords(processed, request.input.type, query.fromPath);
  let emitted = 0;
  const limit = query.limit ?? Infinity;
  try {
    if (limit > 0 || evaluator.isAggregation) {
      for await (const rec of records) {
        if (ctx.res.destroyed) break;
        if (!evaluator.matches(rec)) continue;
        if (evaluator.isAggregation) {
          evaluator.accumulate(rec);
          continue;
        }
        const text = Buffer.from(formatRecord(evaluator.project(rec), request.output));
        pending.push(text);
        pendingBytes += text.length;
        emitted++;
        if (pendingBytes >= RECORDS_MESSAGE_BYTES && !(await flush())) break;
        if (emitted >= limit) break;
      }
    }
    if (evaluator.isAggregation && !ctx.res.destroyed) {
      const text = Buffer.from(formatRecord(evaluator.aggregateResult(), request.output));
      pending.push(text);
      pendingBytes += text.length;
    }
    if (!(await flush())) return;
    if (request.progress && !(await write(ctx, progressMessage(snapshot())))) return;
    if (!(await write(ctx, statsMessage(snapshot())))) return;
    await write(ctx, endMessage());
    ctx.res.end();
  } catch (err) {
    if (ctx.res.destroyed) return;
    const known = streamError(err);
    if (known === undefined) {
      ctx.engine.logging.error({
        message: `SelectObjectContent: ${(err as Error).message}`,
        api: 'SelectObjectContent',
      });
    }
    const { code, message } = known ?? {
      code: 'InternalError',
      message: 'We encountered an internal error, please try again.',
    };
    if (!ctx.res.destroyed && !ctx.res.writableEnded) {
      await flush();
      ctx.res.end(errorMessage(code, message));
    }
  } finally {
    ctx.res.off('close', onClose);
    clearInterval(keepAlive);
    source.destroy();
  }
}

/** The event-stream error of what went wrong while streaming; undefined for an unexpected one. */
function streamError(err: unknown): { code: string; message: string } | undefined {
  if (err instanceof SelectRuntimeError) return { code: err.code, message: err.message };
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR, …): the object is not valid GZIP.
  if (String((err as { code?: unknown }).code ?? '').startsWith('Z_')) {
    return { code: 'InvalidCompressionFormat', message: 'The object is not valid GZIP data.' };
  }
  return undefined;
}

export async function selectObjectContent(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const body = await readBody(ctx, MAX_REQUEST_BYTES);
  const request = parseSelectRequest(body.toString('utf8'));
  const query = parseQuery(request.expression);
  if (request.input.kind === 'CSV' && query.fromPath.length > 0) {
    throw new SelectInvalidQuery('A path after S3Object is only meaningful for JSON input.');
  }
  const versionId = versionIdParam(ctx);
  const customerKey = readCustomerKey(ctx, target);
  const options = {
    ...(versionId !== undefined ? { versionId } : {}),
    ...(customerKey !== undefined ? { customerKey: customerKey.key } : {}),
  };
  let source: Readable;
  if (request.scanRange === undefined) {
    source = (await ctx.engine.objectLayer.getObject(target.bucket, target.key, options)).stream;
  } else {
    source = await scanRangeSource(ctx, target, options, request);
  }
  ctx.res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  await run(ctx, request, query, source);
}

/** The records of the scan range: read from the byte before it, cut by `RecordWindow`. */
async function scanRangeSource(
  ctx: RequestContext,
  target: { bucket: string; key: string },
  options: { versionId?: string; customerKey?: Buffer },
  request: SelectRequest,
): Promise<Readable> {
  const info = await ctx.engine.objectLayer.getObjectInfo(target.bucket, target.key, options);
  const window = resolveScanRange(request.scanRange ?? {}, info.size);
  if (window === undefined) return Readable.from([]);
  const readFrom = Math.max(0, window.first - 1);
  const result = await ctx.engine.objectLayer.getObject(target.bucket, target.key, {
    ...options,
    range: { start: readFrom, end: info.size - 1 },
  });
  const delimiter = request.input.kind === 'CSV' ? request.input.csv.recordDelimiter : '\n';
  const cut = new RecordWindow(
    readFrom,
    window.first,
    window.last,
    delimiter.charCodeAt(delimiter.length - 1),
  );
  result.stream.on('error', (err) => cut.destroy(err));
  // Closing the window (the last record passed) closes the read as well.
  cut.on('close', () => result.stream.destroy());
  return result.stream.pipe(cut);
}
