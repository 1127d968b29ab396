/** A tenant detail as the contract answers it, for the tenant screens' component tests. */
import type { TenantDetail } from '@coffer/contract';

export const OPERATOR_SESSION = {
  status: 'ok' as const,
  pages: ['/tenants', '/storage', '/namespaces', '/license', '/login'],
  features: [],
  operator: true,
  distributedMode: false,
};

export const GI = 1073741824;

export function tenantDetail(overrides: Partial<TenantDetail> = {}): TenantDetail {
  return {
    name: 'alpha',
    namespace: 'ns-a',
    creation_date: '2026-11-29T10:00:00Z',
    image: 'minio/minio:RELEASE.2021-10-06T23-36-31Z',
    console_image: 'minio/console:v0.13.0',
    total_size: 8 * GI,
    pools: [
      {
        name: 'pool-0',
        servers: 4,
        volumes_per_server: 2,
        volume_configuration: { size: GI, storage_class_name: 'standard' },
      },
    ],
    endpoints: { minio: 'https://10.0.0.1:443' },
    currentState: 'Initialized',
    status: {
      health_status: 'green',
      drives_online: 8,
      drives_offline: 0,
      drives_healing: 0,
      write_quorum: 5,
    },
    logEnabled: false,
    monitoringEnabled: true,
    encryptionEnabled: false,
    minioTLS: true,
    consoleTLS: false,
    consoleEnabled: false,
    idpAdEnabled: false,
    idpOidcEnabled: true,
    enable_prometheus: true,
    ...overrides,
  };
}
