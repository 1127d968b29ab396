/**
 * The objects the MinIO operator makes for a tenant, named and labelled as it names them
 * (reference §1.3): services `minio`, `<t>-console` and `<t>-hl`; per pool a StatefulSet
 * `<t>-<pool>`, pods `<t>-<pool>-<i>` and PVCs `<vct>N-<t>-<pool>-<i>`, all labelled
 * `v1.min.io/tenant` (and `v1.min.io/pool`). Services carry the annotation
 * `ENDPOINT_ANNOTATION` with the loopback URL of the pool's real engine, which stands in for the
 * in-cluster address `minio.<ns>.svc`.
 */
import { randomInt } from 'node:crypto';
import type { KubeObject } from '../api/store.js';
import type { PoolSpec, TenantSpec } from './tenant-config.js';

/** Where the console finds a simulated tenant's reachable S3/admin endpoint (on `minio`, `<t>-console` and each StatefulSet). */
export const ENDPOINT_ANNOTATION = 'cluster-sim.coffer.dev/endpoint';
export const TENANT_LABEL = 'v1.min.io/tenant';
export const POOL_LABEL = 'v1.min.io/pool';

type Owner = KubeObject['metadata']['ownerReferences'];

export function ownerRef(obj: KubeObject): NonNullable<Owner>[number] {
  return {
    apiVersion: obj.apiVersion ?? '',
    kind: obj.kind ?? '',
    name: obj.metadata.name,
    uid: obj.metadata.uid ?? '',
    controller: true,
  };
}

export function poolName(pool: PoolSpec, index: number): string {
  return pool.name !== undefined && pool.name !== '' ? pool.name : `ss-${index}`;
}

export const vctName = (pool: PoolSpec): string => pool.volumeClaimTemplate?.metadata?.name ?? 'data';

export function tlsOn(spec: TenantSpec): boolean {
  return spec.requestAutoCert !== false || (spec.externalCertSecret ?? []).length > 0;
}

function service(
  tenant: KubeObject,
  name: string,
  ports: { name: string; port: number; targetPort: number }[],
  exposed: boolean,
  endpoint: string | undefined,
): KubeObject {
  const t = tenant.metadata.name;
  const url = endpoint === undefined ? undefined : new URL(endpoint);
  return {
    metadata: {
      name,
      namespace: tenant.metadata.namespace,
      labels: { [TENANT_LABEL]: t },
      annotations: endpoint === undefined ? {} : { [ENDPOINT_ANNOTATION]: endpoint },
      ownerReferences: [ownerRef(tenant)],
    },
    spec: {
      type: exposed ? 'LoadBalancer' : 'ClusterIP',
      clusterIP: `10.96.${randomInt(0, 255)}.${randomInt(1, 254)}`,
      ports: ports.map((p) => ({ ...p, protocol: 'TCP' })),
      selector: { [TENANT_LABEL]: t },
    },
    status: {
      loadBalancer:
        exposed && url !== undefined
          ? { ingress: [{ ip: url.hostname, ports: [{ port: Number(url.port), protocol: 'TCP' }] }] }
          : {},
    },
  };
}

export function minioService(tenant: KubeObject, endpoint: string | undefined): KubeObject {
  const spec = tenant.spec as TenantSpec;
  const tls = tlsOn(spec);
  return service(
    tenant,
    'minio',
    [{ name: tls ? 'https-minio' : 'http-minio', port: tls ? 443 : 80, targetPort: 9000 }],
    spec.exposeServices?.minio === true,
    endpoint,
  );
}

export function consoleService(tenant: KubeObject, endpoint: string | undefined): KubeObject {
  const spec = tenant.spec as TenantSpec;
  const tls = tlsOn(spec);
  return service(
    tenant,
    `${tenant.metadata.name}-console`,
    [
      {
        name: tls ? 'https-console' : 'http-console',
        port: tls ? 9443 : 9090,
        targetPort: tls ? 9443 : 9090,
      },
    ],
    spec.exposeServices?.console === true,
    endpoint,
  );
}

export function headlessService(tenant: KubeObject): KubeObject {
  const svc = service(
    tenant,
    `${tenant.metadata.name}-hl`,
    [{ name: 'http-minio', port: 9000, targetPort: 9000 }],
    false,
    undefined,
  );
  (svc.spec as Record<string, unknown>).clusterIP = 'None';
  (svc.spec as Record<string, unknown>).publishNotReadyAddresses = true;
  return svc;
}

export function statefulSet(
  tenant: KubeObject,
  pool: PoolSpec,
  index: number,
  endpoint: string | undefined,
): KubeObject {
  const t = tenant.metadata.name;
  const p = poolName(pool, index);
  const labels = { [TENANT_LABEL]: t, [POOL_LABEL]: p };
  return {
    metadata: {
      name: `${t}-${p}`,
      namespace: tenant.metadata.namespace,
      labels,
      annotations: endpoint === undefined ? {} : { [ENDPOINT_ANNOTATION]: endpoint },
      ownerReferences: [ownerRef(tenant)],
    },
    spec: {
      replicas: pool.servers,
      serviceName: `${t}-hl`,
      podManagementPolicy: 'Parallel',
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: { containers: [{ name: 'minio', image: (tenant.spec as TenantSpec).image ?? '' }] },
      },
      volumeClaimTemplates: Array.from({ length: pool.volumesPerServer ?? 0 }, (_, j) => ({
        metadata: { name: `${vctName(pool)}${j}` },
        spec: pool.volumeClaimTemplate?.spec ?? {},
      })),
    },
    status: { replicas: 0, readyReplicas: 0, currentReplicas: 0, updatedReplicas: 0 },
  };
}

export function pvc(
  tenant: KubeObject,
  pool: PoolSpec,
  index: number,
  server: number,
  volume: number,
  defaultClass: string | undefined,
): KubeObject {
  const t = tenant.metadata.name;
  const p = poolName(pool, index);
  const spec = pool.volumeClaimTemplate?.spec ?? {};
  return {
    metadata: {
      name: `${vctName(pool)}${volume}-${t}-${p}-${server}`,
      namespace: tenant.metadata.namespace,
      labels: { [TENANT_LABEL]: t, [POOL_LABEL]: p },
    },
    spec: {
      accessModes: spec.accessModes ?? ['ReadWriteOnce'],
      resources: { requests: { storage: String(spec.resources?.requests?.storage ?? '1Gi') } },
      storageClassName: spec.storageClassName ?? defaultClass,
      volumeMode: 'Filesystem',
    },
    status: { phase: 'Pending' },
  };
}

/** A MinIO pod; the latest operator's pods also run a `sidecar` container (reference §2.6). */
export function pod(
  tenant: KubeObject,
  set: KubeObject,
  pool: PoolSpec,
  index: number,
  server: number,
  node: string,
  withSidecar = false,
): KubeObject {
  const t = tenant.metadata.name;
  const p = poolName(pool, index);
  const spec = tenant.spec as TenantSpec;
  const name = `${t}-${p}-${server}`;
  const vps = pool.volumesPerServer ?? 1;
  const mount = spec.mountPath ?? '/export';
  return {
    metadata: {
      name,
      namespace: tenant.metadata.namespace,
      labels: {
        [TENANT_LABEL]: t,
        [POOL_LABEL]: p,
        'v1.min.io/console': `${t}-console`,
        'statefulset.kubernetes.io/pod-name': name,
      },
      ownerReferences: [{ ...ownerRef(set), apiVersion: 'apps/v1', kind: 'StatefulSet' }],
    },
    spec: {
      nodeName: node,
      hostname: name,
      subdomain: `${t}-hl`,
      serviceAccountName: spec.serviceAccountName ?? 'default',
      containers: [
        {
          name: 'minio',
          image: spec.image ?? '',
          args: ['server', '--certs-dir', '/tmp/certs', '--console-address', ':9090'],
          ports: [{ containerPort: 9000 }, { containerPort: 9090 }],
          resources: pool.resources ?? {},
          volumeMounts: Array.from({ length: vps }, (_, j) => ({
            name: `${vctName(pool)}${j}`,
            mountPath: vps === 1 ? mount : `${mount}${j}`,
          })),
        },
        ...(withSidecar
          ? [{ name: 'sidecar', image: 'quay.io/minio/operator-sidecar', args: ['sidecar'] }]
          : []),
      ],
      volumes: Array.from({ length: vps }, (_, j) => ({
        name: `${vctName(pool)}${j}`,
        persistentVolumeClaim: { claimName: `${vctName(pool)}${j}-${name}` },
      })),
    },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
}
