/**
 * /policies (spec 2 §2): the IAM policies with 'Search Policies', 'Create Policy', a view and a
 * delete action per row, and 'No Policies Available' when there are none to show.
 */
import { Anchor, Button } from '@mantine/core';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IAM_TEST_IDS } from '../test-ids.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { policyPath } from '../../../shared/iam-paths.js';
import { usePolicies } from '../api/list-policies.js';
import { CreatePolicyModal } from './create-policy-modal.js';
import { DeletePolicyModal } from './delete-policy-modal.js';

const ids = IAM_TEST_IDS.policies;

export function PoliciesPage() {
  const { t } = useTranslation(['iam', 'common']);
  const policies = usePolicies();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);

  return (
    <ResourceListPage
      title={t('policies.title')}
      headerActions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setCreating(true)}
          data-testid={ids.create}
        >
          {t('policies.create')}
        </Button>
      }
      searchPlaceholder={t('policies.search')}
      emptyText={t('policies.empty')}
      testIds={ids}
      items={policies.data?.policies ?? []}
      loaded={policies.isSuccess}
      keyOf={(p) => p.name}
      columns={[
        {
          header: t('common:table.name'),
          cell: (p) => (
            <Anchor component={Link} to={policyPath(p.name)}>
              {p.name}
            </Anchor>
          ),
        },
      ]}
      actionsWidth={100}
      rowActions={(p) => [
        {
          tooltip: t('common:actions.view'),
          label: t('policies.viewLabel', { name: p.name }),
          icon: IconEye,
          to: policyPath(p.name),
          testId: ids.view(p.name),
        },
        {
          tooltip: t('common:actions.delete'),
          label: t('policies.deleteLabel', { name: p.name }),
          icon: IconTrash,
          danger: true,
          onClick: () => setToDelete(p.name),
          testId: ids.delete(p.name),
        },
      ]}
    >
      <CreatePolicyModal opened={creating} onClose={() => setCreating(false)} />
      <DeletePolicyModal policy={toDelete} onClose={() => setToDelete(null)} />
    </ResourceListPage>
  );
}
