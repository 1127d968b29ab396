/**
 * /users (spec 2 §2): 'Search Users' (substring of the access key), the Access Key table with row
 * checkboxes, 'Add to Group' (disabled until a user is selected), 'Create User', and per row a view
 * and a delete action — delete disabled for the signed-in user, whose name is read from local
 * browser storage. 'No Users Available' when there are none to show.
 */
import { ActionIcon, Anchor, Button, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPlus, IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { userPath } from '../../../shared/iam-paths.js';
import { readSignedInUser } from '../../../shared/session/signed-in-user.js';
import { useUsers } from '../api/list-users.js';
import { AddToGroupModal } from './add-to-group-modal.js';
import { CreateUserModal } from './create-user-modal.js';
import { DeleteUserModal } from './delete-user-modal.js';
import { SearchBox, matching } from './search-box.js';

const ids = TEST_IDS.users;

export function UsersPage() {
  const users = useUsers();
  const [signedInUser] = useState(() => readSignedInUser(window.localStorage));
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [addingToGroup, setAddingToGroup] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const rows = matching(users.data?.users ?? [], search, (u) => u.accessKey);
  const allSelected = rows.length > 0 && rows.every((u) => selected.has(u.accessKey));

  const toggle = (name: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title="Users"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconUsersPlus size={16} aria-hidden="true" />}
              disabled={selected.size === 0}
              onClick={() => setAddingToGroup(true)}
              data-testid={ids.addToGroup}
            >
              Add to Group
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setCreating(true)}
              data-testid={ids.create}
            >
              Create User
            </Button>
          </>
        }
      />
      <SearchBox placeholder="Search Users" value={search} onChange={setSearch} testId={ids.search} />
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all users"
                checked={allSelected}
                indeterminate={!allSelected && rows.some((u) => selected.has(u.accessKey))}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected(on ? new Set(rows.map((u) => u.accessKey)) : new Set());
                }}
              />
            </Table.Th>
            <Table.Th>Access Key</Table.Th>
            <Table.Th w={100}>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ accessKey }) => {
            const self = accessKey === signedInUser;
            return (
              <Table.Tr key={accessKey} h={40} data-testid={ids.row(accessKey)}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select user ${accessKey}`}
                    checked={selected.has(accessKey)}
                    onChange={(e) => toggle(accessKey, e.currentTarget.checked)}
                    data-testid={ids.select(accessKey)}
                  />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={userPath(accessKey)}>
                    {accessKey}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="View">
                      <ActionIcon
                        component={Link}
                        to={userPath(accessKey)}
                        variant="subtle"
                        aria-label={`View user ${accessKey}`}
                        data-testid={ids.view(accessKey)}
                      >
                        <IconEye size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={self ? 'You cannot delete your own account' : 'Delete'}>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Delete user ${accessKey}`}
                        disabled={self}
                        onClick={() => setToDelete(accessKey)}
                        data-testid={ids.delete(accessKey)}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {users.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          No Users Available
        </Text>
      )}
      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
      <AddToGroupModal
        opened={addingToGroup}
        users={[...selected].sort()}
        onClose={() => setAddingToGroup(false)}
        onAdded={() => setSelected(new Set())}
      />
      <DeleteUserModal
        user={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(name) => toggle(name, false)}
      />
    </div>
  );
}
