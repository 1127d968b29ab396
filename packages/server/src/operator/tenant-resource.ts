/**
 * The parts of the MinIO operator's Tenant resource (minio.min.io/v2; reference operator-mode.md
 * §1) the console reads and writes, typed loosely: what the API server returns may carry more,
 * which is kept untouched when the object is written back.
 */
import type { V1ObjectMeta } from '@kubernetes/client-node';

export interface TenantPoolSpec {
  name?: string;
  servers: number;
  volumesPerServer: number;
  volumeClaimTemplate: {
    metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: {
      accessModes?: string[];
      resources?: { requests?: { storage?: string } };
      storageClassName?: string;
    };
  };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  affinity?: Record<string, unknown>;
  tolerations?: Record<string, unknown>[];
  nodeSelector?: Record<string, string>;
  [more: string]: unknown;
}

export interface TenantSpec {
  image?: string;
  imagePullSecret?: { name: string };
  pools: TenantPoolSpec[];
  mountPath?: string;
  credsSecret?: { name: string };
  configuration?: { name: string };
  env?: { name: string; value?: string }[];
  users?: { name: string }[];
  requestAutoCert?: boolean;
  externalCertSecret?: { name: string; type?: string }[];
  externalCaCertSecret?: { name: string; type?: string }[];
  externalClientCertSecret?: { name: string; type?: string };
  kes?: Record<string, unknown>;
  log?: Record<string, unknown>;
  prometheus?: Record<string, unknown>;
  exposeServices?: { minio?: boolean; console?: boolean };
  [more: string]: unknown;
}

export interface TenantStatus {
  currentState?: string;
  healthStatus?: string;
  drivesOnline?: number;
  drivesOffline?: number;
  drivesHealing?: number;
  writeQuorum?: number;
  usage?: { capacity?: number; rawCapacity?: number; usage?: number; rawUsage?: number };
  [more: string]: unknown;
}

export interface Tenant {
  apiVersion?: string;
  kind?: string;
  metadata: V1ObjectMeta & { name: string; namespace: string };
  spec: TenantSpec;
  status?: TenantStatus;
}

export interface TenantList {
  items: Tenant[];
}

/** The label the operator puts on everything of a tenant. */
export const TENANT_LABEL = 'v1.min.io/tenant';
export const POOL_LABEL = 'v1.min.io/pool';

/** The default MinIO image (the 2021 operator's; `CONSOLE_MINIO_IMAGE` overrides). */
export const DEFAULT_MINIO_IMAGE = 'minio/minio:RELEASE.2021-10-06T23-36-31Z';
export const DEFAULT_KES_IMAGE = 'minio/kes:v0.16.1';
