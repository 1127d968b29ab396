/**
 * /groups (spec 2 §2): title Groups, 'Search Groups', 'Create Group', and a table of group names
 * with their policies as the description, and per row view/edit, set policies and delete. 'No
 * Groups Available' when there are none to show.
 */
import { ActionIcon, Anchor, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useGroups } from '../api/list-groups.js';
import { DeleteGroupModal } from './delete-group-modal.js';
import { GroupModal } from './group-modal.js';
import { SearchBox, matching } from './search-box.js';
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
  const [search, setSearch] = useState('');
  // undefined: closed; null: creating; a name: editing that group.
  const [modalGroup, setModalGroup] = useState<string | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [policiesOf, setPoliciesOf] = useState<SetPoliciesTarget | null>(null);
  const rows = matching(groups.data?.groups ?? [], search, (g) => g.name);

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title="Groups"
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setModalGroup(null)}
            data-testid={ids.create}
          >
            Create Group
          </Button>
        }
      />
      <SearchBox placeholder="Search Groups" value={search} onChange={setSearch} testId={ids.search} />
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>Name</Table.Th>
            <Table.Th>Policies</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={130}>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((group) => (
            <Table.Tr key={group.name} h={40} data-testid={ids.row(group.name)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor component="button" type="button" onClick={() => setModalGroup(group.name)}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{policyNames(group.policy).join(', ')}</Table.Td>
              <Table.Td>{group.status === 'enabled' ? 'Enabled' : 'Disabled'}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="View / Edit">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit group ${group.name}`}
                      onClick={() => setModalGroup(group.name)}
                      data-testid={ids.edit(group.name)}
                    >
                      <IconEdit size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Set Policies">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Set policies of group ${group.name}`}
                      onClick={() =>
                        setPoliciesOf({
                          entityName: group.name,
                          entityType: 'group',
                          current: policyNames(group.policy),
                        })
                      }
                      data-testid={ids.setPolicies(group.name)}
                    >
                      <IconShieldLock size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Delete group ${group.name}`}
                      onClick={() => setToDelete(group.name)}
                      data-testid={ids.delete(group.name)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {groups.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          No Groups Available
        </Text>
      )}
      <GroupModal
        opened={modalGroup !== undefined}
        group={modalGroup ?? null}
        onClose={() => setModalGroup(undefined)}
      />
      <SetPoliciesModal target={policiesOf} onClose={() => setPoliciesOf(null)} />
      <DeleteGroupModal group={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
