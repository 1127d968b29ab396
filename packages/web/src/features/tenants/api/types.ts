/**
 * The tenant screens' entities (spec 3 §3): the contract's types under the names the screens use,
 * and the address of one tenant.
 */
export type {
  PodEvent,
  Pod as TenantPod,
  Pool as TenantPool,
  Pool as AddPoolRequest,
  SubnetLicense as TenantLicense,
  TenantDetail,
  TenantListItem,
  TenantSecurity,
  UpdateTenantSecurityRequest as TenantSecurityUpdate,
} from '@coffer/contract';
import type { TenantSecurity } from '@coffer/contract';

export type CertificateInfo = TenantSecurity['customCertificates']['minio'][number];

export interface KeyPair {
  crt: string;
  key: string;
}

/** A tenant is addressed by namespace and name everywhere. */
export interface TenantRef {
  namespace: string;
  name: string;
}
