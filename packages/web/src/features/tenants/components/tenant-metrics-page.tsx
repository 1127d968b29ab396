/** The tenant's Metrics tab (spec 3 §2): the proxied /metrics page in a frame, a loader until loaded. */
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { tenantProxyUrl } from '../api/proxy-url.js';
import type { TenantRef } from '../api/types.js';
import { ProxiedFrame } from './proxied-frame.js';

const ids = OPERATOR_TEST_IDS.tenantMetrics;

export function TenantMetricsPage({ tenant }: { tenant: TenantRef }) {
  const { t } = useTranslation('tenants');
  const client = useApiClient();
  return (
    <div data-testid={ids.screen}>
      <ProxiedFrame
        src={tenantProxyUrl(client.basePath, tenant, 'metrics')}
        title={t('metrics.frameTitle', { name: tenant.name })}
        height="calc(100vh - 180px)"
        testId={ids.frame}
        loadingTestId={ids.loading}
      />
    </div>
  );
}
