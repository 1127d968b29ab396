/**
 * Listening for the protocol stand-ins: on 127.0.0.1 at a given port (0 the first time: a free one;
 * the same one again after `stop()`, so a target sees the same address come back after an outage).
 */
import type net from 'node:net';

/** Listens on 127.0.0.1:`port` and resolves with the port bound; rejects if it cannot (taken). */
export async function listenLoopback(server: net.Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** A stand-in's listening socket that can stop (the outage) and start again on the same port. */
export interface LoopbackListener {
  /** The bound port (the one asked for until the first start). */
  readonly port: number;
  start(): Promise<void>;
  /** Drops the open connections (`dropConnections`) and closes the socket. */
  stop(): Promise<void>;
}

/** A listener of `create()`'s servers on 127.0.0.1:`port` (0: a free one); nothing listens until `start()`. */
export function loopbackListener<S extends net.Server>(
  create: () => S,
  dropConnections: (server: S) => void,
  port = 0,
): LoopbackListener {
  let bound = port;
  let server: S | undefined;
  return {
    get port() {
      return bound;
    },
    async start() {
      const listening = create();
      bound = await listenLoopback(listening, bound);
      server = listening;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing === undefined) return;
      dropConnections(closing);
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
