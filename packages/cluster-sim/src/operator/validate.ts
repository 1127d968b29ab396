/**
 * The operator's own checks of a Tenant before it builds anything (`Pool.Validate` and
 * `Tenant.Validate` of the operator, reference §1.3), answered as `status.currentState` text, not
 * as an API error, as the operator reports them; plus MinIO's erasure-set rule for each pool (a
 * MinIO server that cannot form sets would never become ready).
 */
import type { CrdFlavour } from '../api/tenant-schema.js';
import { ErasureSetError, erasureSetSize } from '@coffer/protocol';
import { quantityBytes } from './quantity.js';
import type { TenantSpec } from './tenant-config.js';
import { poolName } from './workloads.js';

/** The first problem with a tenant's spec, or undefined when the operator would build it. */
export function tenantProblem(spec: TenantSpec, flavour: CrdFlavour): string | undefined {
  const pools = spec.pools ?? [];
  if (pools.length === 0) return 'pools must be configured';
  const names = new Set<string>();
  for (const [i, pool] of pools.entries()) {
    const name = poolName(pool, i);
    if (names.has(name)) return `pool #${i} has a duplicate name ${name}`;
    names.add(name);
    const servers = pool.servers ?? 0;
    const volumes = pool.volumesPerServer ?? 0;
    if (servers <= 0) return `pool #${i} servers must be greater than 0`;
    if (volumes <= 0) return `pool #${i} volumes per server must be greater than 0`;
    if (servers * volumes < 4) {
      if (servers === 2 || servers === 3)
        return `pool #${i} with 2 or 3 servers must have at least 4 volumes in total`;
      if (flavour === 'v4' && servers === 1) return `pool #${i} with 1 server must have at least 4 volumes`;
    }
    const vct = pool.volumeClaimTemplate;
    if (vct === undefined) return `pool #${i} volumeClaimTemplate must be specified`;
    const size = quantityBytes(vct.spec?.resources?.requests?.storage);
    if (size === undefined || size <= 0)
      return `pool #${i} volumeClaimTemplate must request a storage size greater than 0`;
    if ((vct.spec?.accessModes ?? []).length === 0)
      return `pool #${i} volumeClaimTemplate must have accessModes`;
    try {
      // Fewer than 4 drives run without erasure sets (MinIO's single-drive and small setups).
      if (servers * volumes >= 4) erasureSetSize(servers, volumes);
    } catch (err) {
      if (err instanceof ErasureSetError) return `pool #${i}: ${err.message}`;
      throw err;
    }
  }
  return undefined;
}
