/**
 * The tenant's Pools tab (spec 3 §2): a filter by name, 'Expand Tenant' (Add Pool), the columns
 * Name, Capacity, # of Instances and # of Drives, and 'No Pools found' when none show.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/units.js';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import type { TenantDetail, TenantRef } from '../api/types.js';
import { AddPoolModal } from './add-pool-modal.js';
import { poolCapacity, poolDrives } from './pool-maths.js';

const ids = OPERATOR_TEST_IDS.tenantPools;

export function TenantPoolsPage({ tenant, detail }: { tenant: TenantRef; detail: TenantDetail }) {
  const { t, i18n } = useTranslation('tenants');
  const [adding, setAdding] = useState(false);
  const pools = detail.pools ?? [];
  return (
    <ResourceListPage
      title={t('detail.pools')}
      headerActions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setAdding(true)}
          data-testid={ids.expand}
        >
          {t('pools.expand')}
        </Button>
      }
      searchPlaceholder={t('pools.search')}
      emptyText={t('pools.empty')}
      testIds={{ ...ids, screen: ids.screen }}
      items={pools}
      loaded
      keyOf={(pool) => pool.name}
      columns={[
        { header: t('pools.name'), breakAnywhere: true, cell: (pool) => pool.name },
        { header: t('pools.capacity'), cell: (pool) => formatBytes(poolCapacity(pool), i18n.language) },
        { header: t('pools.instances'), cell: (pool) => pool.servers },
        { header: t('pools.drives'), cell: (pool) => poolDrives(pool) },
      ]}
      actionsWidth={1}
      rowActions={() => []}
      headingLevel={2}
    >
      <AddPoolModal tenant={tenant} pools={pools} opened={adding} onClose={() => setAdding(false)} />
    </ResourceListPage>
  );
}
