/**
 * Admission of S3 requests by the descriptor budget (issue 14 §7; the gate is `@coffer/server-guard`'s
 * request gate, sized in `server.ts`). Without it, a burst of concurrent uploads — each holds its
 * socket and a shard file per drive — ran the process out of descriptors: uploads failed half-way
 * with 503 and, worse, libuv answered new connections arriving at that moment by accepting and
 * closing them, which clients see as ECONNRESET. A request that finds no slot waits (MinIO's
 * requests_deadline, 10 s) and is then answered 503 SlowDown, a reply every SDK retries.
 */
import type { IncomingMessage } from 'node:http';
import type { ReleaseSlots, RequestGate } from '@coffer/server-guard';
import type { RequestContext } from './context.js';
import { ResourceExhausted } from '../storage/errors.js';

/** Operations that last as long as the client listens and open no files: they would starve the gate. */
const UNGATED = new Set(['ListenNotification']);

/**
 * Body bytes read and discarded before a refusal is answered. A client that asked for
 * `Connection: close` has its socket closed right after the reply; unread bytes in the kernel then
 * turn that close into a reset that can overtake the reply. Beyond this the refusal goes out
 * anyway (Node keeps discarding the rest while the connection lives).
 */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** A copy reads one object while it writes another: twice the descriptors. */
function weightOf(ctx: RequestContext): number {
  return ctx.req.headers['x-amz-copy-source'] !== undefined ? 2 : 1;
}

/** Resolves when the body has ended, `limit` bytes went by, or the request closed. */
function drain(req: IncomingMessage, limit: number): Promise<void> {
  if (req.complete) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = (): void => {
      req.off('data', onData);
      req.off('end', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > limit) done();
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
  });
}

/**
 * Holds the request until the gate admits it (its slots are given back when the reply closes):
 * undefined when admitted at once (no await on the common path), else a promise that rejects with
 * ResourceExhausted (503 SlowDown) when the wait reaches the gate's deadline.
 */
export function admit(ctx: RequestContext, gate: RequestGate): Promise<void> | undefined {
  if (ctx.operation !== undefined && UNGATED.has(ctx.operation)) return undefined;
  const weight = weightOf(ctx);
  const release = gate.tryAdmit(weight);
  if (release === undefined) return waitForSlots(ctx, gate, weight);
  holdUntilClosed(ctx, release);
  return undefined;
}

function holdUntilClosed(ctx: RequestContext, release: ReleaseSlots): void {
  if (ctx.res.closed) release();
  else ctx.res.once('close', release);
}

async function waitForSlots(ctx: RequestContext, gate: RequestGate, weight: number): Promise<void> {
  const { req, res } = ctx;
  // A client that leaves while waiting gives its place up.
  const gone = new AbortController();
  const onClose = (): void => gone.abort();
  res.once('close', onClose);
  const release = await gate.wait(weight, gone.signal);
  res.off('close', onClose);
  if (release === undefined) {
    if (!res.destroyed) await drain(req, DRAIN_LIMIT);
    throw new ResourceExhausted();
  }
  holdUntilClosed(ctx, release);
}
