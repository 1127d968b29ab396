/**
 * Where operator mode finds its Kubernetes API server, resolved once at start (reference
 * operator-mode.md §2 "Auth / connection"): an explicit API server URL (`--k8s-api`,
 * `CONSOLE_K8S_API_SERVER`, as the 2021 console), a kubeconfig file (`--kubeconfig`,
 * `KUBECONFIG`: its current context's cluster, and its user's token when it has one), or the pod's
 * own service account when the console runs in the cluster (`KUBERNETES_SERVICE_HOST`). What is
 * kept is the cluster (URL and how to trust it) and, optionally, the console's own token — used
 * only to ask TokenReview who a pasted token belongs to. Every tenant call is made with the
 * signed-in user's token, so the cluster's RBAC decides.
 *
 * Nothing here loads the Kubernetes client unless a kubeconfig is read: a console that is not in
 * operator mode never loads it (its start-up stays within small open-file limits).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface K8sCluster {
  /** The API server, e.g. `https://10.0.0.1:443`. */
  server: string;
  /** PEM of the CA that signs its certificate (absent: the system's CAs). */
  caPem?: string;
  /** Do not verify its certificate (a kubeconfig's insecure-skip-tls-verify). */
  skipTlsVerify?: boolean;
}

export interface OperatorSettings {
  cluster: K8sCluster;
  /** The console's own token (kubeconfig user or in-cluster service account): TokenReview only. */
  consoleToken?: string;
  /** The console's namespace (where the license secret lives); default `default`. */
  namespace: string;
  /** The cluster's DNS domain, for tenant service URLs (default cluster.local). */
  clusterDomain: string;
}

export interface OperatorSources {
  apiServer?: string;
  caFile?: string;
  skipTlsVerify?: boolean;
  kubeconfig?: string;
  namespace?: string;
  clusterDomain?: string;
}

const SA_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** The kubeconfig's current cluster and user token (the Kubernetes client is loaded only here). */
async function fromKubeconfig(file: string): Promise<Pick<OperatorSettings, 'cluster' | 'consoleToken'>> {
  const { KubeConfig } = await import('@kubernetes/client-node');
  const kc = new KubeConfig();
  kc.loadFromFile(file);
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error(`${file}: the current context names no cluster`);
  const user = kc.getCurrentUser();
  const caPem =
    cluster.caData !== undefined
      ? Buffer.from(cluster.caData, 'base64').toString('utf8')
      : cluster.caFile !== undefined
        ? readFileSync(cluster.caFile, 'utf8')
        : undefined;
  return {
    cluster: {
      server: cluster.server,
      ...(caPem !== undefined ? { caPem } : {}),
      ...(cluster.skipTLSVerify ? { skipTlsVerify: true } : {}),
    },
    ...(user?.token ? { consoleToken: user.token } : {}),
  };
}

/**
 * The settings from flags and environment, or undefined when operator mode has nothing to reach.
 * Precedence: an explicit API server, then a kubeconfig, then the in-cluster service account.
 */
export async function resolveOperatorSettings(
  sources: OperatorSources,
  env: NodeJS.ProcessEnv,
): Promise<OperatorSettings | undefined> {
  const clusterDomain = sources.clusterDomain ?? env.CONSOLE_CLUSTER_DOMAIN ?? 'cluster.local';
  const namespaceFile = join(SA_DIR, 'namespace');
  const namespace =
    sources.namespace ??
    env.CONSOLE_NAMESPACE ??
    (existsSync(namespaceFile) ? readFileSync(namespaceFile, 'utf8').trim() : 'default');
  const apiServer = sources.apiServer ?? env.CONSOLE_K8S_API_SERVER;
  if (apiServer !== undefined && apiServer !== '') {
    const caFile = sources.caFile ?? env.CONSOLE_K8S_CA_FILE;
    return {
      cluster: {
        server: apiServer.replace(/\/+$/, ''),
        ...(caFile ? { caPem: readFileSync(caFile, 'utf8') } : {}),
        ...(sources.skipTlsVerify ? { skipTlsVerify: true } : {}),
      },
      namespace,
      clusterDomain,
    };
  }
  const kubeconfig = sources.kubeconfig ?? env.KUBECONFIG;
  if (kubeconfig !== undefined && kubeconfig !== '') {
    return { ...(await fromKubeconfig(kubeconfig)), namespace, clusterDomain };
  }
  const host = env.KUBERNETES_SERVICE_HOST;
  const tokenFile = join(SA_DIR, 'token');
  if (host !== undefined && existsSync(tokenFile)) {
    const caFile = join(SA_DIR, 'ca.crt');
    const hostPart = host.includes(':') ? `[${host}]` : host;
    return {
      cluster: {
        server: `https://${hostPart}:${env.KUBERNETES_SERVICE_PORT ?? '443'}`,
        ...(existsSync(caFile) ? { caPem: readFileSync(caFile, 'utf8') } : {}),
      },
      consoleToken: readFileSync(tokenFile, 'utf8').trim(),
      namespace,
      clusterDomain,
    };
  }
  return undefined;
}
