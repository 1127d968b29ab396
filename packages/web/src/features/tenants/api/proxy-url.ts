/**
 * The address of a tenant's own console through the console server's proxy (spec 3 §7
 * /api/proxy/{namespace}/{tenant}/ and …/metrics): the frame sources of the Metrics tab and the
 * Management page. A frame loads it itself, so it is an address, not a typed call.
 */
import type { TenantRef } from './types.js';

export function tenantProxyUrl(basePath: string, { namespace, name }: TenantRef, sub = ''): string {
  return `${basePath}/api/proxy/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/${sub}`;
}
