/**
 * The operator-mode stack for browser tests (issue 15): the simulated Kubernetes cluster
 * (`@coffer/cluster-sim`, in this process: its API server on loopback, the demo nodes, storage
 * classes and direct-csi drives, a simulated operator whose tenants run real engine processes)
 * and the console server as a child process in operator mode (`--operator --kubeconfig`),
 * serving `packages/web/dist`. `token` is the service-account JWT to paste into Operator Login.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClusterSim, type ClusterSim } from '@coffer/cluster-sim';
import { CONSOLE_MAIN, WEB_DIST } from './paths.js';
import { freePort, startProcess, stopProcess, waitUntilServing } from './stack.js';

export interface OperatorStack {
  consoleUrl: string;
  /** The service-account token (cluster-admin) to sign in with. */
  token: string;
  sim: ClusterSim;
  consoleOutput(): string;
  stop(): Promise<void>;
}

export interface OperatorStackOptions {
  /** Operator simulation pace (ms per state step; default 100) and health polling (default 1000). */
  stepMs?: number;
  monitorMs?: number;
  /** Seed the running demo tenant `tenant-demo/demo` (default false: tests make their own). */
  demoTenant?: boolean;
}

export async function startOperatorStack(options: OperatorStackOptions = {}): Promise<OperatorStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'coffer-e2e-operator-'));
  const sim = await startClusterSim({
    dataDir: join(dataDir, 'cluster'),
    demo: true,
    demoTenant: options.demoTenant ?? false,
    stepMs: options.stepMs ?? 100,
    monitorMs: options.monitorMs ?? 1000,
    scannerSeconds: 1,
    formatDelayMs: 100,
  });
  const port = await freePort();
  const consoleUrl = `http://127.0.0.1:${port}`;
  const console = startProcess(
    'console',
    [
      CONSOLE_MAIN,
      '--address',
      `127.0.0.1:${port}`,
      '--operator',
      '--kubeconfig',
      sim.kubeconfigPath,
      '--data',
      join(dataDir, 'console'),
      '--web-dir',
      WEB_DIST,
    ],
    {},
  );
  try {
    await waitUntilServing(`${consoleUrl}/api/v1/login`, console, 'the console server');
  } catch (err) {
    await sim.stop();
    throw err;
  }
  return {
    consoleUrl,
    token: sim.token,
    sim,
    consoleOutput: () => console.output.join(''),
    async stop() {
      await stopProcess(console);
      await sim.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
