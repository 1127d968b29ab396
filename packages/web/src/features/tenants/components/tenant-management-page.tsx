/**
 * Tenant management, the hop (spec 3 §2): breadcrumb 'Tenants > {tenant} > Management', the
 * tenant's own console proxied under /api/proxy/{namespace}/{tenant}/ in a frame filling the page
 * (the side menu is hidden on …/hop), Refresh (reloads the frame) and back to the tenant.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { tenantProxyUrl } from '../api/proxy-url.js';
import { ProxiedFrame } from './proxied-frame.js';
import { TenantBreadcrumb } from './tenant-detail-frame.js';
import { tenantPath } from './tenant-paths.js';
import { useTenantRef } from './use-tenant-ref.js';

const ids = OPERATOR_TEST_IDS.management;

export function TenantManagementPage() {
  const { t } = useTranslation('tenants');
  const tenant = useTenantRef();
  const client = useApiClient();
  const [generation, setGeneration] = useState(0);
  return (
    <Stack gap={0} data-testid={ids.screen}>
      <PageHeader
        title={t('management.title')}
        breadcrumb={<TenantBreadcrumb tenant={tenant} trail={<Text span>{t('management.title')}</Text>} />}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              component={Link}
              to={tenantPath(tenant, 'summary')}
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              data-testid={ids.back}
            >
              {t('management.back')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => setGeneration((g) => g + 1)}
              data-testid={ids.refresh}
            >
              {t('management.refresh')}
            </Button>
          </Group>
        }
      />
      <ProxiedFrame
        key={generation}
        src={tenantProxyUrl(client.basePath, tenant)}
        title={t('management.frameTitle', { name: tenant.name })}
        height="calc(100vh - 140px)"
        testId={ids.frame}
      />
    </Stack>
  );
}
