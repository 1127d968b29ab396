/**
 * Reading small request bodies (configuration documents, Delete lists, admin payloads) into memory.
 * Large bodies (object data) are streamed to the object layer instead and never come through here.
 *
 * The authenticated body (`ctx.auth.body`) is preferred because it has aws-chunked framing removed
 * and verifies x-amz-content-sha256 / chunk signatures as it ends; the raw request is used only for
 * routes that run without authentication.
 */
import type { Readable } from 'node:stream';
import type { RequestContext } from './context.js';
import { EntityTooLarge } from '../common/errors.js';

/**
 * Read the (authenticated) request body fully into a Buffer. More than `limit` bytes → throws
 * EntityTooLarge (callers reading XML configs may translate that to MalformedXML). Stream errors
 * (signature or hash mismatch found at the end of the body) are rethrown as they are.
 */
export async function readBody(ctx: RequestContext, limit: number): Promise<Buffer> {
  const source: Readable = ctx.auth?.body ?? ctx.req;
  // A declared length over the limit is refused before reading a byte.
  const declared = ctx.auth?.contentLength ?? Number(ctx.req.headers['content-length'] ?? -1);
  if (Number.isFinite(declared) && declared > limit) {
    source.resume();
    throw new EntityTooLarge(undefined, ctx.target);
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    // Event listeners rather than async iteration: breaking out of `for await` destroys the
    // stream, and destroying the request would close the socket before the error reply is sent.
    const onData = (chunk: Buffer | string): void => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buf.length;
      if (total > limit) {
        cleanup();
        // Keep draining (and discarding) the rest so the connection can carry the error reply.
        source.resume();
        reject(new EntityTooLarge(undefined, ctx.target));
        return;
      }
      chunks.push(buf);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const cleanup = (): void => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      // A later stream error must not become an unhandled 'error' event.
      source.on('error', () => undefined);
    };
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
  });
}
