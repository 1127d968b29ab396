/**
 * An engine assembled in-process for HTTP-level tests: the object layer over four temp drives,
 * one root credential, `createHttpServer` listening on a random loopback port. Lighter than the
 * whole `createEngine` (no IAM store, scanner or healer), for tests of the S3 surface itself.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EngineContext } from '../../src/http/context.js';
import { createHttpServer } from '../../src/http/server.js';
import type { Credential } from '../../src/iam/types.js';
import { openObjectLayer } from '../../src/object-layer/index.js';
import type { ObjectLayer } from '../../src/object-layer/types.js';
import { createEventHub, withObjectEvents, type ObjectEventHub } from '../../src/events/index.js';

export interface HttpEngine {
  /** The object layer as handlers see it (object changes are published to `events`). */
  layer: ObjectLayer;
  events: ObjectEventHub;
  server: http.Server;
  port: number;
  dataDir: string;
  /** Close connections, the server and the drives, and remove the temp drives. */
  close(): Promise<void>;
}

export async function startHttpEngine(options: {
  name: string;
  accessKey: string;
  secretKey: string;
  domains?: string[];
}): Promise<HttpEngine> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `coffer-${options.name}-`));
  const drives = [1, 2, 3, 4].map((i) => path.join(dataDir, `drive${i}`));
  const opened = await openObjectLayer({ drives });
  const root: Credential = {
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    kind: 'root',
    enabled: true,
  };
  let endpoint = '127.0.0.1:0';
  const events = createEventHub({
    region: 'us-east-1',
    deploymentId: opened.deploymentId,
    endpoint: () => endpoint,
  });
  const layer = withObjectEvents(opened.layer, events);
  const engine: EngineContext = {
    objectLayer: layer,
    events,
    credentials: { lookup: async (ak) => (ak === root.accessKey ? root : undefined) },
    root,
    region: 'us-east-1',
    domains: options.domains ?? [],
    deploymentId: opened.deploymentId,
    startedAt: new Date(),
    endpoint: () => endpoint,
  };
  const server = createHttpServer(engine);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  endpoint = `127.0.0.1:${port}`;
  return {
    layer,
    events,
    server,
    port,
    dataDir,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      events.close();
      await opened.layer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
