/**
 * The kubeconfig the simulator writes so `kubectl --kubeconfig FILE` and
 * `KubeConfig.loadFromFile(FILE)` reach it: one cluster, one user with the bearer token, one
 * context (namespace `default`). JSON is valid YAML, so no YAML writer is needed.
 */
import { writeFile } from 'node:fs/promises';

export async function writeKubeconfig(
  file: string,
  server: string,
  token: string,
  caPem: string,
): Promise<void> {
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'coffer-sim',
        cluster: { server, 'certificate-authority-data': Buffer.from(caPem).toString('base64') },
      },
    ],
    users: [{ name: 'coffer-sim-admin', user: { token } }],
    contexts: [
      {
        name: 'coffer-sim',
        context: { cluster: 'coffer-sim', user: 'coffer-sim-admin', namespace: 'default' },
      },
    ],
    'current-context': 'coffer-sim',
    preferences: {},
  };
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}
