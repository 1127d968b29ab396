/**
 * The Kubernetes API clients of one caller, through `@kubernetes/client-node` (pinned 1.4.0: the
 * 2.x line needs Node 22; reference operator-mode.md §3.2). Each operator session calls the API
 * server with its own service-account token as the Bearer token, as the 2021 console did, so the
 * cluster's RBAC decides what it may do; the console adds no privilege. Clients are cheap to make
 * and hold no connection state, so they are made per use.
 *
 * Merge patches need the per-call Content-Type (`mergePatch` below): the client's default for
 * PATCH is json-patch, which a real API server refuses for an object body.
 */
import {
  AuthenticationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  StorageV1Api,
  VersionApi,
} from '@kubernetes/client-node';
import type { K8sCluster } from './k8s-settings.js';

export interface K8sApis {
  core: CoreV1Api;
  custom: CustomObjectsApi;
  storage: StorageV1Api;
  auth: AuthenticationV1Api;
  version: VersionApi;
}

/** The MinIO operator's Tenant resource (minio.min.io/v2, namespaced). */
export const TENANTS = { group: 'minio.min.io', version: 'v2', plural: 'tenants' } as const;
/** direct-csi's drives and volumes (cluster-scoped, direct.csi.min.io/v1beta1). */
export const DIRECT_CSI_DRIVES = {
  group: 'direct.csi.min.io',
  version: 'v1beta1',
  plural: 'directcsidrives',
} as const;
export const DIRECT_CSI_VOLUMES = { ...DIRECT_CSI_DRIVES, plural: 'directcsivolumes' } as const;

/** The per-call option that sends a PATCH body as a JSON merge patch (RFC 7386). */
export const mergePatch = () => setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

export function kubeConfigFor(cluster: K8sCluster, token: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: 'cluster',
        server: cluster.server,
        ...(cluster.caPem !== undefined ? { caData: Buffer.from(cluster.caPem).toString('base64') } : {}),
        skipTLSVerify: cluster.skipTlsVerify === true,
      },
    ],
    users: [{ name: 'user', token }],
    contexts: [{ name: 'console', cluster: 'cluster', user: 'user' }],
    currentContext: 'console',
  });
  return kc;
}

/** The API groups' clients acting with `token`. */
export function k8sApis(cluster: K8sCluster, token: string): K8sApis {
  const kc = kubeConfigFor(cluster, token);
  return {
    core: kc.makeApiClient(CoreV1Api),
    custom: kc.makeApiClient(CustomObjectsApi),
    storage: kc.makeApiClient(StorageV1Api),
    auth: kc.makeApiClient(AuthenticationV1Api),
    version: kc.makeApiClient(VersionApi),
  };
}
