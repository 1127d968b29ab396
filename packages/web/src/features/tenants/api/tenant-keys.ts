/** Query keys of the tenant screens: every tenant query sits under TENANTS_KEY. */
import type { TenantRef } from './types.js';

export const TENANTS_KEY = ['tenants'] as const;

export const tenantKey = ({ namespace, name }: TenantRef) => [...TENANTS_KEY, namespace, name] as const;
