/**
 * Operator mode for browser tests: the simulated Kubernetes cluster (`@coffer/cluster-sim`, in
 * this process; its tenants' engines are its child processes) seeded as the demo cluster without
 * its tenant, and the console server process in operator mode against it through a kubeconfig, as
 * `npm start -- --operator` wires them. Short operator steps and health intervals keep tests quick.
 */
import { startClusterSim } from '@coffer/cluster-sim';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_MAIN, WEB_DIST } from './paths.js';
import { freePort, startProcess, stopProcess, waitUntilServing } from './stack.js';

export interface OperatorStack {
  consoleUrl: string;
  /** The service-account JWT to sign in with. */
  token: string;
  stop(): Promise<void>;
}

export async function startOperatorStack(): Promise<OperatorStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'coffer-e2e-operator-'));
  const sim = await startClusterSim({
    dataDir: join(dataDir, 'cluster'),
    demo: true,
    demoTenant: false,
    stepMs: 50,
    monitorMs: 1_000,
    scannerSeconds: 2,
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
    await waitUntilServing(`${consoleUrl}/api/v1/login`, console, 'the console server (operator mode)');
  } catch (error) {
    await sim.stop();
    throw error;
  }
  return {
    consoleUrl,
    token: sim.token,
    async stop() {
      await stopProcess(console);
      await sim.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
