/**
 * Bulk delete with real progress (issue 9 §6; user needs #10): the delete-objects work, run
 * server-side in DeleteObjects batches of up to 1,000 keys, answered as NDJSON — one `progress`
 * line with the running counts after each batch, then one `done` line with the exact outcome
 * (deleted, failed, the first failures with the storage server's code and message: a version
 * under object lock is reported with the server's reason, never hidden). The answer is a normal
 * streamed HTTP response, so it passes proxies that do not speak WebSocket or SSE.
 *
 * A failure that stops the whole run before the first line (no such bucket, listing refused) is an
 * ordinary error answer; after it, the stream ends with a `done` line that still carries the
 * counts so far plus that error.
 * If the browser leaves, the run stops after the batch in flight.
 */
import { PassThrough } from 'node:stream';
import type { DeleteObjectsRequestSchema, DeleteProgressLine } from '@coffer/contract';
import type { FastifyReply } from 'fastify';
import type { Client } from 'minio';
import type { z } from 'zod';
import { DeleteTally, deleteListInto } from './object-service.js';

type DeleteList = z.output<typeof DeleteObjectsRequestSchema>;

class Stopped extends Error {}

function line(value: DeleteProgressLine): string {
  return `${JSON.stringify(value)}\n`;
}

export async function deleteWithProgress(
  s3: Client,
  bucket: string,
  list: DeleteList,
  reply: FastifyReply,
  onFinished: () => void,
): Promise<FastifyReply> {
  const out = new PassThrough();
  let gone = false;
  let lines = 0;
  // The answer starts with the first line: a failure before it (no such bucket, listing refused)
  // is an ordinary error answer with its status, not a 200 stream.
  let started: () => void = () => undefined;
  const firstLine = new Promise<void>((resolve) => (started = resolve));
  let early: unknown;
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone = true;
  });
  const tally = new DeleteTally((t) => {
    if (gone) throw new Stopped('the browser left');
    out.write(line({ type: 'progress', deleted: t.deleted, failed: t.failed }));
    lines++;
    started();
  });
  const run = async (): Promise<void> => {
    try {
      await deleteListInto(s3, bucket, list, tally);
    } catch (err) {
      if (err instanceof Stopped) return void out.end();
      if (lines === 0) {
        early = err;
        return;
      }
      const code = String((err as { code?: unknown }).code ?? 'InternalError');
      const message = err instanceof Error ? err.message : String(err);
      // Not counted as a failed object: nothing says how many objects it kept from the delete.
      tally.errors.push({ path: list[0]?.path ?? '', code, message });
    } finally {
      onFinished();
      started();
    }
    const done = tally.outcome();
    out.end(line({ type: 'done', ...done }));
  };
  void run();
  await firstLine;
  if (early !== undefined) throw early;
  reply.header('content-type', 'application/x-ndjson; charset=utf-8');
  reply.header('cache-control', 'no-store');
  // Proxies (nginx) would hold the lines back until the end otherwise.
  reply.header('x-accel-buffering', 'no');
  return reply.code(200).send(out);
}
