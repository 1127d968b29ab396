/**
 * The tenant screens' addresses (spec 3 §2): /namespaces/{ns}/tenants/{name}[/tab], a pod's page,
 * and the hop. Each segment is URI-encoded.
 */
import type { TenantRef } from '../api/types.js';

export function tenantPath({ namespace, name }: TenantRef, tab?: string): string {
  const base = `/namespaces/${encodeURIComponent(namespace)}/tenants/${encodeURIComponent(name)}`;
  return tab === undefined ? base : `${base}/${tab}`;
}

export function podPath(ref: TenantRef, pod: string): string {
  return tenantPath(ref, `pods/${encodeURIComponent(pod)}`);
}
