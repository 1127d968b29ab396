/**
 * What a request's reply took, measured once for the audit webhooks and the trace stream: from
 * when `meterReply` is called to the reply's close — latency, time to first byte (the head is the
 * first byte out), bytes read and written on the socket, and the status (499 when the client left
 * before the reply was finished, as MinIO records it).
 */
import type { RequestContext } from './context.js';

export interface ReplyMeasure {
  startedAt: Date;
  latencyNs: number;
  /** Undefined when no head was written (the client left first). */
  timeToFirstByteNs: number | undefined;
  statusCode: number;
  /** Bytes received: the declared body, or what the socket read if that is more. */
  rx: number;
  tx: number;
}

/** Call `done` with the measures once the reply is closed. */
export function meterReply(ctx: RequestContext, done: (measure: ReplyMeasure) => void): void {
  const { req, res } = ctx;
  const socket = req.socket;
  const readAtStart = socket.bytesRead;
  const writtenAtStart = socket.bytesWritten;
  const startedAt = new Date();
  const started = process.hrtime.bigint();
  let firstByte: bigint | undefined;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
  res.writeHead = ((...args: unknown[]) => {
    firstByte ??= process.hrtime.bigint();
    return writeHead(...args);
  }) as typeof res.writeHead;
  res.once('close', () => {
    done({
      startedAt,
      latencyNs: Number(process.hrtime.bigint() - started),
      timeToFirstByteNs: firstByte !== undefined ? Number(firstByte - started) : undefined,
      statusCode: res.writableFinished ? res.statusCode : 499,
      // The socket may have read a small body with the headers, before the request began.
      rx: Math.max(Number(req.headers['content-length'] ?? 0) || 0, socket.bytesRead - readAtStart),
      tx: socket.bytesWritten - writtenAtStart,
    });
  });
}
