/**
 * The tenant detail tabs, each in the detail frame (which loads the tenant once for all of them).
 */
import { TenantDetailFrame } from './tenant-detail-frame.js';
import { TenantLicensePage } from './tenant-license-page.js';
import { TenantMetricsPage } from './tenant-metrics-page.js';
import { TenantPodsPage } from './tenant-pods-page.js';
import { TenantPoolsPage } from './tenant-pools-page.js';
import { TenantSecurityPage } from './tenant-security-page.js';
import { TenantSummaryPage } from './tenant-summary-page.js';
import { useTenantRef } from './use-tenant-ref.js';

export type TenantTab = 'summary' | 'metrics' | 'security' | 'pools' | 'pods' | 'license';

export function TenantTabPage({ tab }: { tab: TenantTab }) {
  const tenant = useTenantRef();
  return (
    <TenantDetailFrame>
      {(detail) => {
        switch (tab) {
          case 'summary':
            return <TenantSummaryPage tenant={tenant} detail={detail} />;
          case 'metrics':
            return <TenantMetricsPage tenant={tenant} />;
          case 'security':
            return <TenantSecurityPage tenant={tenant} detail={detail} />;
          case 'pools':
            return <TenantPoolsPage tenant={tenant} detail={detail} />;
          case 'pods':
            return <TenantPodsPage tenant={tenant} />;
          case 'license':
            return <TenantLicensePage tenant={tenant} detail={detail} />;
        }
      }}
    </TenantDetailFrame>
  );
}
