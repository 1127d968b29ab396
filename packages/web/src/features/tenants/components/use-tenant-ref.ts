/** The tenant a detail route names: /namespaces/:tenantNamespace/tenants/:tenantName/… */
import { useParams } from 'react-router';
import type { TenantRef } from '../api/types.js';

export function useTenantRef(): TenantRef {
  const { tenantNamespace = '', tenantName = '' } = useParams();
  return { namespace: tenantNamespace, name: tenantName };
}
