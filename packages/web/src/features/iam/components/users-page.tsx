/**
 * /users (spec 2 §2): 'Search Users' (substring of the access key), the Access Key table with row
 * checkboxes, 'Add to Group' (disabled until a user is selected), 'Create User', and per row a view
 * and a delete action — delete disabled for the signed-in user, whose name is read from local
 * browser storage. 'No Users Available' when there are none to show.
 */
import { Anchor, Button } from '@mantine/core';
import { IconEye, IconPlus, IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IAM_TEST_IDS } from '../test-ids.js';
import { ResourceListPage, toggled } from '../../../shared/components/resource-list-page.js';
import { userPath } from '../../../shared/iam-paths.js';
import { readSignedInUser } from '../../../shared/session/signed-in-user.js';
import { useUsers } from '../api/list-users.js';
import { AddToGroupModal } from './add-to-group-modal.js';
import { CreateUserModal } from './create-user-modal.js';
import { DeleteUserModal } from './delete-user-modal.js';

const ids = IAM_TEST_IDS.users;

export function UsersPage() {
  const { t } = useTranslation(['iam', 'common']);
  const users = useUsers();
  const [signedInUser] = useState(() => readSignedInUser(window.localStorage));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [addingToGroup, setAddingToGroup] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);

  return (
    <ResourceListPage
      title={t('users.title')}
      headerActions={
        <>
          <Button
            variant="default"
            leftSection={<IconUsersPlus size={16} aria-hidden="true" />}
            disabled={selected.size === 0}
            onClick={() => setAddingToGroup(true)}
            data-testid={ids.addToGroup}
          >
            {t('users.addToGroup')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setCreating(true)}
            data-testid={ids.create}
          >
            {t('users.create')}
          </Button>
        </>
      }
      searchPlaceholder={t('users.search')}
      emptyText={t('users.empty')}
      testIds={ids}
      items={users.data?.users ?? []}
      loaded={users.isSuccess}
      keyOf={(u) => u.accessKey}
      selection={{
        selected,
        onChange: setSelected,
        allLabel: t('users.selectAll'),
        rowLabel: (accessKey) => t('users.select', { name: accessKey }),
        rowTestId: ids.select,
      }}
      columns={[
        {
          header: t('common:table.accessKey'),
          breakAnywhere: true,
          cell: ({ accessKey }) => (
            <Anchor component={Link} to={userPath(accessKey)}>
              {accessKey}
            </Anchor>
          ),
        },
      ]}
      actionsWidth={100}
      rowActions={({ accessKey }) => {
        const self = accessKey === signedInUser;
        return [
          {
            tooltip: t('common:actions.view'),
            label: t('users.viewLabel', { name: accessKey }),
            icon: IconEye,
            to: userPath(accessKey),
            testId: ids.view(accessKey),
          },
          {
            tooltip: self ? t('users.cannotDeleteSelf') : t('common:actions.delete'),
            label: t('users.deleteLabel', { name: accessKey }),
            icon: IconTrash,
            danger: true,
            disabled: self,
            onClick: () => setToDelete(accessKey),
            testId: ids.delete(accessKey),
          },
        ];
      }}
    >
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
        onDeleted={(name) => setSelected((current) => toggled(current, name, false))}
      />
    </ResourceListPage>
  );
}
