/**
 * Moves an upstream's messages onto a WebSocket with back-pressure: each message is pulled only
 * while fewer than `highWaterMark` bytes sent earlier are still waiting to be written to the
 * network. The bytes in flight are counted from `send`'s callback (ws calls it once the frame has
 * been handed to the kernel), so a browser that reads slowly stops the pulls instead of growing
 * the console's memory; the upstream (the storage server's stream) then waits in its own bounded
 * buffers, or drops, as its protocol does. A write the kernel takes at once calls back without
 * the event loop turning, so after every `highWaterMark` bytes the pump also lets the loop turn
 * (an upstream that always has a message ready would otherwise starve every other connection).
 */
import type { WebSocket } from 'ws';

export interface PumpOptions {
  highWaterMark: number;
  /** Aborted when the socket goes away: stop pulling at once. */
  signal: AbortSignal;
  encode: (message: unknown) => string;
}

/** Resolves when the upstream ends or `signal` aborts; rejects with the upstream's error. */
export async function pumpToSocket(
  socket: WebSocket,
  source: AsyncIterable<unknown>,
  options: PumpOptions,
): Promise<void> {
  const { highWaterMark, signal, encode } = options;
  let inFlight = 0;
  let sinceTurn = 0;
  let wake: (() => void) | undefined;
  const release = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  signal.addEventListener('abort', release, { once: true });
  try {
    for await (const message of source) {
      if (signal.aborted || socket.readyState !== socket.OPEN) return;
      const text = encode(message);
      const bytes = Buffer.byteLength(text);
      inFlight += bytes;
      socket.send(text, (err) => {
        inFlight -= bytes;
        if (err !== undefined || inFlight <= highWaterMark) release();
      });
      while (inFlight > highWaterMark && !signal.aborted) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      if (signal.aborted) return;
      sinceTurn += bytes;
      if (sinceTurn >= highWaterMark) {
        sinceTurn = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  } catch (error) {
    // The upstream saw the abort we caused: that is the end, not a failure.
    if (signal.aborted) return;
    throw error;
  } finally {
    signal.removeEventListener('abort', release);
  }
}
