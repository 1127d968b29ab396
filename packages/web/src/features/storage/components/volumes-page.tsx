/**
 * Storage → Volumes (spec 3 §2): the PVCs, 'Search Volumes (PVCs)' by name substring, the columns
 * Name, Namespace, Status, Tenant (namespace/tenant), Capacity and Storage Class, and a view
 * action to the PVC's tenant.
 */
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { usePvcs } from '../api/storage.js';
import { StorageFrame } from './storage-frame.js';

const ids = OPERATOR_TEST_IDS.volumes;

/** The tenant's page (spec 3 §2: /namespaces/{namespace}/tenants/{tenant}). */
const tenantAddress = (namespace: string, tenant: string) =>
  `/namespaces/${encodeURIComponent(namespace)}/tenants/${encodeURIComponent(tenant)}`;

export function VolumesPage() {
  const { t } = useTranslation(['storage', 'common']);
  const pvcs = usePvcs();
  return (
    <StorageFrame>
      <ResourceListPage
        title={t('volumes')}
        headingLevel={2}
        searchPlaceholder={t('pvcs.search')}
        emptyText={t('pvcs.empty')}
        testIds={ids}
        items={pvcs.data ?? []}
        loaded={pvcs.isSuccess}
        keyOf={(pvc) => `${pvc.namespace}/${pvc.name}`}
        searchKeyOf={(pvc) => pvc.name}
        columns={[
          { header: t('pvcs.name'), breakAnywhere: true, cell: (pvc) => pvc.name },
          { header: t('pvcs.namespace'), cell: (pvc) => pvc.namespace },
          { header: t('pvcs.status'), cell: (pvc) => pvc.status },
          { header: t('pvcs.tenant'), breakAnywhere: true, cell: (pvc) => `${pvc.namespace}/${pvc.tenant}` },
          { header: t('pvcs.capacity'), cell: (pvc) => pvc.capacity },
          { header: t('pvcs.storageClass'), cell: (pvc) => pvc.storageClass },
        ]}
        actionsWidth={60}
        rowActions={(pvc) => [
          {
            tooltip: t('common:actions.view'),
            label: t('pvcs.viewLabel', { name: pvc.name }),
            icon: IconEye,
            to: tenantAddress(pvc.namespace, pvc.tenant),
            testId: ids.view(`${pvc.namespace}/${pvc.name}`),
          },
        ]}
      />
    </StorageFrame>
  );
}
