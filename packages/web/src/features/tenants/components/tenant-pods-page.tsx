/**
 * The tenant's Pods tab (spec 3 §2): the columns Name, Status, Age (from the creation time),
 * Pod IP, Restarts (0 by default) and Node; per row view (the pod's page) and delete, which needs
 * the pod's name typed. A failed list says 'Error loading pods' (spec 3 §8).
 */
import { Alert } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeletePod, usePods } from '../api/pods.js';
import type { TenantRef } from '../api/types.js';
import { podAge } from './pod-age.js';
import { podPath } from './tenant-paths.js';
import { TypedNameDeleteModal } from './typed-name-delete-modal.js';

const ids = OPERATOR_TEST_IDS.tenantPods;

export function TenantPodsPage({ tenant }: { tenant: TenantRef }) {
  const { t } = useTranslation(['tenants', 'common']);
  const pods = usePods(tenant);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  return (
    <ResourceListPage
      title={t('detail.pods')}
      headingLevel={2}
      searchPlaceholder={t('pods.search')}
      emptyText={t('pods.empty')}
      testIds={ids}
      items={pods.data ?? []}
      loaded={pods.isSuccess}
      keyOf={(pod) => pod.name}
      columns={[
        { header: t('pods.name'), breakAnywhere: true, cell: (pod) => pod.name },
        { header: t('pods.status'), cell: (pod) => pod.status },
        {
          header: t('pods.age'),
          cell: (pod) => {
            const age = podAge(pod.timeCreated, now);
            return t(age.unit, { count: age.count });
          },
        },
        { header: t('pods.podIp'), cell: (pod) => pod.podIP ?? '' },
        { header: t('pods.restarts'), cell: (pod) => pod.restarts ?? 0 },
        { header: t('pods.node'), breakAnywhere: true, cell: (pod) => pod.node ?? '' },
      ]}
      actionsWidth={100}
      rowActions={(pod) => [
        {
          tooltip: t('common:actions.view'),
          label: t('pods.viewLabel', { name: pod.name }),
          icon: IconEye,
          to: podPath(tenant, pod.name),
          testId: ids.view(pod.name),
        },
        {
          tooltip: t('common:actions.delete'),
          label: t('pods.deleteLabel', { name: pod.name }),
          icon: IconTrash,
          danger: true,
          onClick: () => setToDelete(pod.name),
          testId: ids.delete(pod.name),
        },
      ]}
    >
      {pods.isError && (
        <Alert color="red" role="alert" mt="md" data-testid={ids.loadError} title={t('pods.loadError')}>
          {pods.error.message}
        </Alert>
      )}
      <DeletePodModal tenant={tenant} pod={toDelete} onClose={() => setToDelete(null)} />
    </ResourceListPage>
  );
}

function DeletePodModal({
  tenant,
  pod,
  onClose,
}: {
  tenant: TenantRef;
  pod: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tenants');
  const mutation = useDeletePod(tenant);
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <TypedNameDeleteModal
      name={pod}
      title={t('pods.delete.title')}
      question={
        <Trans
          t={t}
          i18nKey="pods.delete.question"
          values={{ name: pod ?? '' }}
          components={{ strong: <strong /> }}
        />
      }
      inputLabel={t('pods.delete.typeName')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (pod === null) return;
        mutation.mutate(pod, {
          onSuccess: () => {
            notify.success(t('pods.delete.deleted', { name: pod }));
            close();
          },
        });
      }}
      onClose={close}
      testIds={OPERATOR_TEST_IDS.deletePod}
    />
  );
}
