/**
 * `startClusterSim()`: the simulated Kubernetes cluster for tests and demos — the API server on
 * loopback over an in-memory store, the cluster-admin service-account token, a kubeconfig file,
 * and the simulated controllers (the MinIO operator with real engine processes, the direct-csi
 * node agent). Nothing survives `stop()`: the cluster lives in memory, engines' drives in
 * `dataDir`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Rest } from './api/rest.js';
import { startApiServer } from './api/server.js';
import { ObjectStore } from './api/store.js';
import type { CrdFlavour } from './api/tenant-schema.js';
import { tlsMaterial } from './api/tls.js';
import { TokenIssuer } from './api/tokens.js';
import { seedDemoTenant } from './demo-tenant.js';
import { writeKubeconfig } from './kubeconfig.js';
import { DriveAgent } from './operator/drive-agent.js';
import { PvcBinder } from './operator/pvc-binder.js';
import { TenantOperator } from './operator/tenant-operator.js';
import { ADMIN_SERVICE_ACCOUNT, OPERATOR_NAMESPACE, seedBase, seedDemo } from './seed.js';

export interface ClusterSimOptions {
  /** Where the kubeconfig and the tenants' engine drives go (created if missing). */
  dataDir: string;
  /** Seed the demo cluster: nodes, storage classes, direct-csi drives. */
  demo?: boolean;
  /** With `demo`: also a running tenant `tenant-demo/demo` (one engine; default false). */
  demoTenant?: boolean;
  /** Tenant CRD rules: `v4` (operator v4.2.14, the 2021 console's; default) or `latest` (v7). */
  crd?: CrdFlavour;
  /** Loopback port of the API server; default any free port. */
  port?: number;
  /** Pause after each provisioning state of a tenant (default 200 ms). */
  stepMs?: number;
  /** Interval of the tenant health/usage monitor (default 5 s). */
  monitorMs?: number;
  /** The tenant engines' usage-scan interval in seconds (default 5). */
  scannerSeconds?: number;
  /** Delay of the simulated direct-csi agent's formatting (default 300 ms). */
  formatDelayMs?: number;
}

export interface ClusterSim {
  /** `https://127.0.0.1:PORT`: the API server. */
  url: string;
  /** A service-account JWT (`minio-operator/console-sa`, bound to cluster-admin). */
  token: string;
  /** The API server's CA certificate (PEM): trust it to reach `url`. */
  caData: string;
  /** A kubeconfig for the cluster with that token (`kubectl --kubeconfig`). */
  kubeconfigPath: string;
  /** Stops the controllers, the engines and the API server. */
  stop(): Promise<void>;
}

export async function startClusterSim(options: ClusterSimOptions): Promise<ClusterSim> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const store = new ObjectStore();
  const flavour = options.crd ?? 'v4';
  const rest = new Rest(store, () => ({ flavour, strict: false }));
  const tokens = new TokenIssuer();
  const sa = seedBase(store);
  if (options.demo === true) {
    seedDemo(store);
    if (options.demoTenant === true) seedDemoTenant(store);
  }
  const tls = await tlsMaterial(dataDir);
  const operator = new TenantOperator(store, {
    dataDir,
    flavour,
    stepMs: options.stepMs,
    monitorMs: options.monitorMs,
    scannerSeconds: options.scannerSeconds,
  });
  const binder = new PvcBinder(store);
  const agent = new DriveAgent(store, options.formatDelayMs);
  binder.start();
  agent.start();
  operator.start();
  const server = await startApiServer(
    rest,
    tokens,
    { podLog: (ns, pod, container) => operator.podLog(ns, pod, container) },
    { port: options.port, tls },
  );
  const token = tokens.issue({
    namespace: OPERATOR_NAMESPACE,
    name: ADMIN_SERVICE_ACCOUNT,
    uid: sa.metadata.uid ?? '',
  });
  const kubeconfigPath = path.join(dataDir, 'kubeconfig');
  await writeKubeconfig(kubeconfigPath, server.url, token, tls.caPem);
  return {
    url: server.url,
    token,
    caData: tls.caPem,
    kubeconfigPath,
    async stop() {
      await server.close();
      agent.stop();
      binder.stop();
      await operator.stop();
    },
  };
}
