/**
 * Tenant resources as the contract's shapes (spec 3 §3 "Tenant (list)", "Tenant (detail)",
 * "Pool") and contract pools as Tenant pool specs (the 2021 console's parseTenantPoolRequest:
 * a `data` volume claim template, ReadWriteOnce, storage in bytes; resources from integer maps).
 */
import type { Pool, TenantDetail, TenantListItem } from '@coffer/contract';
import { bytesQuantity, parseQuantity } from './quantity.js';
import type { Tenant, TenantPoolSpec } from './tenant-resource.js';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Bytes of one volume of a pool (0 when the template says nothing readable). */
export function volumeSize(pool: TenantPoolSpec): number {
  const size = parseQuantity(pool.volumeClaimTemplate.spec.resources?.requests?.storage);
  return Number.isFinite(size) ? size : 0;
}

/** Raw capacity of a tenant's pools: Σ servers × volumes × volume size. */
export function totalSize(pools: readonly TenantPoolSpec[]): number {
  return Math.min(
    pools.reduce((sum, p) => sum + p.servers * p.volumesPerServer * volumeSize(p), 0),
    Number.MAX_SAFE_INTEGER,
  );
}

function amounts(map: Record<string, string> | undefined): { memory?: number; cpu?: number } | undefined {
  if (!map) return undefined;
  const memory = parseQuantity(map.memory);
  const cpu = parseQuantity(map.cpu);
  return {
    ...(Number.isFinite(memory) ? { memory } : {}),
    ...(Number.isFinite(cpu) ? { cpu } : {}),
  };
}

function quantities(a: { memory?: number; cpu?: number } | undefined): Record<string, string> | undefined {
  if (!a) return undefined;
  return {
    ...(a.memory !== undefined ? { memory: bytesQuantity(a.memory) } : {}),
    ...(a.cpu !== undefined ? { cpu: String(a.cpu) } : {}),
  };
}

export function poolOf(spec: TenantPoolSpec, index: number): Pool {
  const requests = amounts(spec.resources?.requests);
  const limits = amounts(spec.resources?.limits);
  const labels = spec.volumeClaimTemplate.metadata?.labels;
  const storageClass = spec.volumeClaimTemplate.spec.storageClassName;
  return {
    name: spec.name ?? `pool-${index}`,
    servers: spec.servers,
    volumes_per_server: spec.volumesPerServer,
    volume_configuration: {
      size: volumeSize(spec),
      ...(storageClass !== undefined ? { storage_class_name: storageClass } : {}),
      ...(labels !== undefined ? { labels } : {}),
    },
    ...(requests || limits
      ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }
      : {}),
    ...(spec.affinity !== undefined ? { affinity: spec.affinity as Pool['affinity'] } : {}),
    ...(spec.tolerations !== undefined ? { tolerations: spec.tolerations as Pool['tolerations'] } : {}),
    ...(spec.nodeSelector !== undefined ? { node_selector: spec.nodeSelector } : {}),
  };
}

/** A contract pool as the Tenant's pool spec. */
export function poolSpecOf(pool: Pool): TenantPoolSpec {
  const requests = quantities(pool.resources?.requests);
  const limits = quantities(pool.resources?.limits);
  const { storage_class_name: storageClass, labels, size } = pool.volume_configuration;
  return {
    name: pool.name,
    servers: pool.servers,
    volumesPerServer: pool.volumes_per_server,
    volumeClaimTemplate: {
      metadata: { name: 'data', ...(labels !== undefined ? { labels } : {}) },
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: bytesQuantity(size) } },
        ...(storageClass !== undefined && storageClass !== '' ? { storageClassName: storageClass } : {}),
      },
    },
    ...(requests || limits
      ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }
      : {}),
    ...(pool.affinity !== undefined ? { affinity: pool.affinity } : {}),
    ...(pool.tolerations !== undefined ? { tolerations: pool.tolerations } : {}),
    ...(pool.node_selector !== undefined ? { nodeSelector: pool.node_selector } : {}),
  };
}

export function tenantListItem(t: Tenant): TenantListItem {
  const pools = t.spec.pools ?? [];
  const usage = t.status?.usage;
  return {
    name: t.metadata.name,
    namespace: t.metadata.namespace,
    creation_date: t.metadata.creationTimestamp ? new Date(t.metadata.creationTimestamp).toISOString() : '',
    total_size: totalSize(pools),
    pool_count: pools.length,
    instance_count: pools.reduce((s, p) => s + p.servers, 0),
    volume_count: pools.reduce((s, p) => s + p.servers * p.volumesPerServer, 0),
    health_status: t.status?.healthStatus ?? '',
    currentState: t.status?.currentState ?? '',
    ...(usage?.rawCapacity !== undefined ? { capacity_raw: num(usage.rawCapacity) } : {}),
    ...(usage?.rawUsage !== undefined ? { capacity_raw_usage: num(usage.rawUsage) } : {}),
    ...(usage?.capacity !== undefined ? { capacity: num(usage.capacity) } : {}),
    ...(usage?.usage !== undefined ? { capacity_usage: num(usage.usage) } : {}),
  };
}

/** What the detail needs beyond the Tenant: its configuration, endpoints and license. */
export interface TenantExtras {
  config: ReadonlyMap<string, string>;
  endpoints: TenantDetail['endpoints'];
  subnetLicense?: TenantDetail['subnet_license'];
}

const PROMETHEUS_ANNOTATIONS = ['prometheus.io/path', 'prometheus.io/port', 'prometheus.io/scrape'];

export function tenantDetail(t: Tenant, extras: TenantExtras): TenantDetail {
  const { spec, status } = t;
  const { config } = extras;
  const annotations = t.metadata.annotations ?? {};
  const minioTLS = spec.requestAutoCert !== false || (spec.externalCertSecret?.length ?? 0) > 0;
  const usage = status?.usage;
  return {
    name: t.metadata.name,
    namespace: t.metadata.namespace,
    creation_date: t.metadata.creationTimestamp ? new Date(t.metadata.creationTimestamp).toISOString() : '',
    ...(t.metadata.deletionTimestamp
      ? { deletion_date: new Date(t.metadata.deletionTimestamp).toISOString() }
      : {}),
    image: spec.image ?? '',
    // The console is built into MinIO since operator v4.2: the same image serves it.
    console_image: spec.image ?? '',
    total_size: totalSize(spec.pools ?? []),
    pools: (spec.pools ?? []).map(poolOf),
    endpoints: extras.endpoints,
    currentState: status?.currentState ?? '',
    status: {
      health_status: status?.healthStatus ?? '',
      drives_online: num(status?.drivesOnline),
      drives_offline: num(status?.drivesOffline),
      drives_healing: num(status?.drivesHealing),
      write_quorum: num(status?.writeQuorum),
      ...(usage
        ? {
            usage: {
              raw: num(usage.rawCapacity),
              raw_usage: num(usage.rawUsage),
              capacity: num(usage.capacity),
              capacity_usage: num(usage.usage),
            },
          }
        : {}),
    },
    logEnabled: spec.log !== undefined,
    monitoringEnabled: spec.prometheus !== undefined,
    encryptionEnabled: spec.kes !== undefined || config.has('MINIO_KMS_SECRET_KEY'),
    minioTLS,
    consoleTLS: minioTLS,
    consoleEnabled: config.get('MINIO_BROWSER') !== 'off',
    idpAdEnabled: config.has('MINIO_IDENTITY_LDAP_SERVER_ADDR'),
    idpOidcEnabled: config.has('MINIO_IDENTITY_OPENID_CONFIG_URL'),
    enable_prometheus: PROMETHEUS_ANNOTATIONS.every((a) => a in annotations),
    ...(extras.subnetLicense ? { subnet_license: extras.subnetLicense } : {}),
  };
}
