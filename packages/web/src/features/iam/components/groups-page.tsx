/**
 * /groups (spec 2 §2): title Groups, 'Search Groups', 'Create Group', and a table of group names
 * with their policies as the description, and per row view/edit, set policies and delete. 'No
 * Groups Available' when there are none to show.
 */
import { Anchor, Button } from '@mantine/core';
import { IconEdit, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { useGroups } from '../api/list-groups.js';
import { DeleteGroupModal } from './delete-group-modal.js';
import { GroupModal } from './group-modal.js';
import { SetPoliciesModal } from './set-policies-modal.js';
import type { SetPoliciesTarget } from './set-policies-modal.js';

const ids = TEST_IDS.groups;

/** A group's policies arrive comma-separated (spec 2 §3). */
const policyNames = (policy: string): string[] =>
  policy
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');

export function GroupsPage() {
  const groups = useGroups();
  // undefined: closed; null: creating; a name: editing that group.
  const [modalGroup, setModalGroup] = useState<string | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [policiesOf, setPoliciesOf] = useState<SetPoliciesTarget | null>(null);

  return (
    <ResourceListPage
      title="Groups"
      headerActions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setModalGroup(null)}
          data-testid={ids.create}
        >
          Create Group
        </Button>
      }
      searchPlaceholder="Search Groups"
      emptyText="No Groups Available"
      testIds={ids}
      items={groups.data?.groups ?? []}
      loaded={groups.isSuccess}
      keyOf={(g) => g.name}
      columns={[
        {
          header: 'Name',
          breakAnywhere: true,
          cell: (g) => (
            <Anchor component="button" type="button" onClick={() => setModalGroup(g.name)}>
              {g.name}
            </Anchor>
          ),
        },
        { header: 'Policies', cell: (g) => policyNames(g.policy).join(', ') },
        { header: 'Status', cell: (g) => (g.status === 'enabled' ? 'Enabled' : 'Disabled') },
      ]}
      actionsWidth={130}
      rowActions={(g) => [
        {
          tooltip: 'View / Edit',
          label: `Edit group ${g.name}`,
          icon: IconEdit,
          onClick: () => setModalGroup(g.name),
          testId: ids.edit(g.name),
        },
        {
          tooltip: 'Set Policies',
          label: `Set policies of group ${g.name}`,
          icon: IconShieldLock,
          onClick: () =>
            setPoliciesOf({ entityName: g.name, entityType: 'group', current: policyNames(g.policy) }),
          testId: ids.setPolicies(g.name),
        },
        {
          tooltip: 'Delete',
          label: `Delete group ${g.name}`,
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
