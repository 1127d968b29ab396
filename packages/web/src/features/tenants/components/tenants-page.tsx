/**
 * /tenants (spec 3 §2 Tenant list): 'Search Tenants' (substring of the name), Refresh and 'Create
 * Tenant' (the wizard's route, /tenants/add), the columns Name (with the health dot), Namespace,
 * Capacity, # of Pools and State, and per row view and delete — delete with the typed-name check.
 */
import { Anchor, Button, Group } from '@mantine/core';
import { IconEye, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../lib/units.js';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { useTenants } from '../api/tenants.js';
import type { TenantListItem, TenantRef } from '../api/types.js';
import { DeleteTenantModal } from './delete-tenant-modal.js';
import { HealthDot } from './health-dot.js';
import { tenantPath } from './tenant-paths.js';

const ids = OPERATOR_TEST_IDS.tenants;

/** The wizard's route (features/tenant-create). */
export const CREATE_TENANT_PATH = '/tenants/add';

const keyOf = (tenant: TenantListItem) => `${tenant.namespace}/${tenant.name}`;

export function TenantsPage() {
  const { t, i18n } = useTranslation(['tenants', 'common']);
  const tenants = useTenants();
  const [toDelete, setToDelete] = useState<TenantRef | null>(null);

  return (
    <ResourceListPage
      title={t('title')}
      headerActions={
        <>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => void tenants.refetch()}
            loading={tenants.isFetching}
            data-testid={ids.refresh}
          >
            {t('refresh')}
          </Button>
          <Button
            component={Link}
            to={CREATE_TENANT_PATH}
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            data-testid={ids.create}
          >
            {t('create')}
          </Button>
        </>
      }
      searchPlaceholder={t('search')}
      emptyText={t('empty')}
      testIds={ids}
      items={tenants.data ?? []}
      loaded={tenants.isSuccess}
      // The search matches the name only (spec 3 §2); the row key adds the namespace.
      keyOf={keyOf}
      searchKeyOf={(tenant) => tenant.name}
      columns={[
        {
          header: t('columns.name'),
          breakAnywhere: true,
          cell: (tenant) => (
            <Group gap="xs" wrap="nowrap">
              <HealthDot status={tenant.health_status} testId={ids.health(keyOf(tenant))} />
              <Anchor component={Link} to={tenantPath(tenant)}>
                {tenant.name}
              </Anchor>
            </Group>
          ),
        },
        { header: t('columns.namespace'), breakAnywhere: true, cell: (tenant) => tenant.namespace },
        {
          header: t('columns.capacity'),
          cell: (tenant) =>
            tenant.total_size === undefined ? '' : formatBytes(tenant.total_size, i18n.language),
        },
        { header: t('columns.pools'), cell: (tenant) => tenant.pool_count ?? 0 },
        { header: t('columns.state'), cell: (tenant) => tenant.currentState ?? '' },
      ]}
      actionsWidth={100}
      rowActions={(tenant) => [
        {
          tooltip: t('common:actions.view'),
          label: t('viewLabel', { name: tenant.name }),
          icon: IconEye,
          to: tenantPath(tenant),
          testId: ids.view(keyOf(tenant)),
        },
        {
          tooltip: t('common:actions.delete'),
          label: t('deleteLabel', { name: tenant.name }),
          icon: IconTrash,
          danger: true,
          onClick: () => setToDelete({ namespace: tenant.namespace, name: tenant.name }),
          testId: ids.delete(keyOf(tenant)),
        },
      ]}
    >
      <DeleteTenantModal tenant={toDelete} onClose={() => setToDelete(null)} />
    </ResourceListPage>
  );
}
