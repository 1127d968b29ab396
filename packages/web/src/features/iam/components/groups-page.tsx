/**
 * /groups (spec 2 §2): title Groups, 'Search Groups', 'Create Group', and a table of group names
 * with their policies as the description, and per row view/edit, set policies and delete. 'No
 * Groups Available' when there are none to show.
 */
import { Anchor, Button } from '@mantine/core';
import { IconEdit, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { useGroups } from '../api/list-groups.js';
import { DeleteGroupModal } from './delete-group-modal.js';
import { GroupModal } from './group-modal.js';
import { SetPoliciesModal } from './set-policies-modal.js';
import type { SetPoliciesTarget } from './set-policies-modal.js';

const ids = IAM_TEST_IDS.groups;

/** A group's policies arrive comma-separated (spec 2 §3). */
const policyNames = (policy: string): string[] =>
  policy
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');

export function GroupsPage() {
  const { t } = useTranslation(['iam', 'common']);
  const groups = useGroups();
  // undefined: closed; null: creating; a name: editing that group.
  const [modalGroup, setModalGroup] = useState<string | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [policiesOf, setPoliciesOf] = useState<SetPoliciesTarget | null>(null);

  return (
    <ResourceListPage
      title={t('groups.title')}
      headerActions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setModalGroup(null)}
          data-testid={ids.create}
        >
          {t('groups.create')}
        </Button>
      }
      searchPlaceholder={t('groups.search')}
      emptyText={t('groups.empty')}
      testIds={ids}
      items={groups.data?.groups ?? []}
      loaded={groups.isSuccess}
      keyOf={(g) => g.name}
      columns={[
        {
          header: t('common:table.name'),
          breakAnywhere: true,
          cell: (g) => (
            <Anchor component="button" type="button" onClick={() => setModalGroup(g.name)}>
              {g.name}
            </Anchor>
          ),
        },
        { header: t('groups.policies'), cell: (g) => policyNames(g.policy).join(', ') },
        {
          header: t('groups.status'),
          cell: (g) => (g.status === 'enabled' ? t('common:status.enabled') : t('common:status.disabled')),
        },
      ]}
      actionsWidth={130}
      rowActions={(g) => [
        {
          tooltip: t('groups.viewEdit'),
          label: t('groups.editLabel', { name: g.name }),
          icon: IconEdit,
          onClick: () => setModalGroup(g.name),
          testId: ids.edit(g.name),
        },
        {
          tooltip: t('groups.setPolicies'),
          label: t('groups.setPoliciesLabel', { name: g.name }),
          icon: IconShieldLock,
          onClick: () =>
            setPoliciesOf({ entityName: g.name, entityType: 'group', current: policyNames(g.policy) }),
          testId: ids.setPolicies(g.name),
        },
        {
          tooltip: t('common:actions.delete'),
          label: t('groups.deleteLabel', { name: g.name }),
          icon: IconTrash,
          danger: true,
          onClick: () => setToDelete(g.name),
          testId: ids.delete(g.name),
        },
      ]}
    >
      <GroupModal
        opened={modalGroup !== undefined}
        group={modalGroup ?? null}
        onClose={() => setModalGroup(undefined)}
      />
      <SetPoliciesModal target={policiesOf} onClose={() => setPoliciesOf(null)} />
      <DeleteGroupModal group={toDelete} onClose={() => setToDelete(null)} />
    </ResourceListPage>
  );
}
