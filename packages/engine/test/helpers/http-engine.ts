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
import { assembleEngineContext, type EngineContext } from '../../src/engine-context.js';
import { createObjectLayerIamStore } from '../../src/iam/iam-store.js';
import { IamSystem } from '../../src/iam/iam-system.js';
import { createHttpServer } from '../../src/http/server.js';
import type { Credential } from '../../src/iam/types.js';
import { openObjectLayer } from '../../src/object-layer/index.js';
import type { ObjectLayer } from '../../src/object-layer/types.js';
import type { ObjectEventHub } from '../../src/events/index.js';
import type { Kms } from '../../src/kms/index.js';
import type { ConfigReader } from '../../src/config/types.js';

export interface HttpEngine {
  /** The object layer as handlers see it (object changes are published to `events`). */
  layer: ObjectLayer;
  events: ObjectEventHub;
  /** The engine context the handlers receive (its services: bucket metadata, IAM, …). */
  context: EngineContext;
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
  /** Default: the context's own built-in KMS (a fresh master key). */
  kms?: Kms;
  /** Default: an empty static configuration (every sub-system at its defaults). */
  config?: ConfigReader;
  /** The object layer's log lines (heals scheduled, drive trouble); default: dropped. */
  log?: (line: string) => void;
}): Promise<HttpEngine> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `coffer-${options.name}-`));
  const drives = [1, 2, 3, 4].map((i) => path.join(dataDir, `drive${i}`));
  const opened = await openObjectLayer({ drives, ...(options.log ? { log: options.log } : {}) });
  const root: Credential = {
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    kind: 'root',
    enabled: true,
  };
  let endpoint = '127.0.0.1:0';
  const iam = await IamSystem.load({ root, store: createObjectLayerIamStore(opened.layer) });
  const engine: EngineContext = assembleEngineContext({
    objectLayer: opened.layer,
    iam,
    domains: options.domains ?? [],
    deploymentId: opened.deploymentId,
    endpoint: () => endpoint,
    ...(options.kms !== undefined ? { kms: options.kms } : {}),
    ...(options.config !== undefined ? { config: options.config } : {}),
  });
  const server = createHttpServer(engine);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  endpoint = `127.0.0.1:${port}`;
  return {
    layer: engine.objectLayer,
    events: engine.events,
    context: engine,
    server,
    port,
    dataDir,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      engine.events.close();
      await engine.logging.close();
      await opened.layer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
