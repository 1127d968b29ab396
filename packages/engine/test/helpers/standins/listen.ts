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
