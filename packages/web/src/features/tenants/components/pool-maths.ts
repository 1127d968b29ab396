/**
 * Pool figures and the Add Pool request (spec 3 §2 Pools, §4 "Add Pool", §9): sizes entered in Gi
 * of 1073741824 bytes, the new pool named pool-{n} after the existing ones, and the console's
 * default placement — one MinIO pod per node: required pod anti-affinity on the tenant and pool
 * labels over the hostname topology (the reference's getDefaultAffinity).
 */
import type { Affinity } from '@coffer/contract';
import type { AddPoolRequest, TenantPool } from '../api/types.js';

export const GI = 1073741824;

export const poolDrives = (pool: TenantPool): number => pool.servers * pool.volumes_per_server;

export const poolCapacity = (pool: TenantPool): number => poolDrives(pool) * pool.volume_configuration.size;

/** pool-{n}: the first free number from the pool count up. */
export function nextPoolName(pools: readonly TenantPool[]): string {
  const names = new Set(pools.map((pool) => pool.name));
  let n = pools.length;
  while (names.has(`pool-${n}`)) n += 1;
  return `pool-${n}`;
}

export function defaultAffinity(tenant: string, pool: string): Affinity {
  return {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: {
            matchExpressions: [
              { key: 'v1.min.io/tenant', operator: 'In', values: [tenant] },
              { key: 'v1.min.io/pool', operator: 'In', values: [pool] },
            ],
          },
          topologyKey: 'kubernetes.io/hostname',
        },
      ],
    },
  };
}

export interface AddPoolInput {
  servers: number;
  volumesPerServer: number;
  sizeGi: number;
  storageClass: string;
}

export function addPoolRequest(
  tenant: string,
  pools: readonly TenantPool[],
  input: AddPoolInput,
): AddPoolRequest {
  const name = nextPoolName(pools);
  return {
    name,
    servers: input.servers,
    volumes_per_server: input.volumesPerServer,
    volume_configuration: { size: input.sizeGi * GI, storage_class_name: input.storageClass },
    affinity: defaultAffinity(tenant, name),
  };
}
