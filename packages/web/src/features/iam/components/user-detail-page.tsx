/**
 * /users/{userName} (spec 2 §2, §4; the name may contain slashes): breadcrumb 'Users > name'; in
 * the header the Enabled/Disabled switch (sends the status at once, with the user's current
 * groups), delete user (back to the list afterwards) and change password; left tabs Groups ('Add
 * to Groups'), Service Accounts (create, shown once, delete) and Policies ('Assign Policies', each
 * with a view action to /policies/{policy}).
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Switch,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { IAM_TEST_IDS } from '../test-ids.js';
import type { ServiceAccountCredentials, User } from '../../../shared/api/types.js';
import { CreateServiceAccountModal } from '../../../shared/components/create-service-account-modal.js';
import { DeleteServiceAccountModal } from '../../../shared/components/delete-service-account-modal.js';
import { NewServiceAccountModal } from '../../../shared/components/new-service-account-modal.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { ServiceAccountsTable } from '../../../shared/components/service-accounts-table.js';
import { policyPath } from '../../../shared/iam-paths.js';
import { readSignedInUser } from '../../../shared/session/signed-in-user.js';
import { useCreateUserServiceAccount } from '../api/create-user-service-account.js';
import { useUser } from '../api/get-user.js';
import { useUserServiceAccounts } from '../api/list-user-service-accounts.js';
import { useUpdateUser } from '../api/update-user.js';
import { ChangeUserPasswordModal } from './change-user-password-modal.js';
import { DeleteUserModal } from './delete-user-modal.js';
import { EntityNameTable } from './entity-name-table.js';
import { SearchBox, matching } from '../../../shared/components/search-box.js';
import { SetGroupsModal } from './set-groups-modal.js';
import { SetPoliciesModal } from './set-policies-modal.js';

const ids = IAM_TEST_IDS.userDetail;

function GroupsTab({ user }: { user: User }) {
  const { t } = useTranslation(['iam', 'common']);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <EntityNameTable
        names={user.memberOf}
        loaded
        columnTitle={t('common:table.name')}
        searchPlaceholder={t('user.searchGroups')}
        searchTestId="user-groups-search"
        emptyText={t('picker.noGroups')}
        rowTestId={ids.groupRow}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
            data-testid={ids.addToGroups}
          >
            {t('user.addToGroups')}
          </Button>
        }
      />
      <SetGroupsModal user={editing ? user : null} onClose={() => setEditing(false)} />
    </>
  );
}

function ServiceAccountsTab({ user }: { user: string }) {
  const { t } = useTranslation();
  const accounts = useUserServiceAccounts(user);
  const create = useCreateUserServiceAccount();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ServiceAccountCredentials | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);

  const closeCreate = () => {
    create.reset();
    setCreating(false);
  };
  const handleCreate = (policy: string | undefined) =>
    create.mutate(
      { user, policy },
      {
        onSuccess: (credentials) => {
          closeCreate();
          setCreated(credentials);
        },
      },
    );

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <SearchBox
          placeholder={t('serviceAccount.search')}
          value={search}
          onChange={setSearch}
          testId="user-service-accounts-search"
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setCreating(true)}
          data-testid={ids.createServiceAccount}
        >
          {t('serviceAccount.create')}
        </Button>
      </Group>
      <ServiceAccountsTable
        accessKeys={matching(accounts.data ?? [], search, (k) => k)}
        loaded={accounts.isSuccess}
        onDelete={setToDelete}
        emptyText={t('serviceAccount.empty')}
      />
      <CreateServiceAccountModal
        opened={creating}
        forUser={user}
        pending={create.isPending}
        error={create.error}
        onCreate={handleCreate}
        onClose={closeCreate}
      />
      <NewServiceAccountModal credentials={created} onClose={() => setCreated(null)} />
      <DeleteServiceAccountModal accessKey={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function PoliciesTab({ user }: { user: User }) {
  const { t } = useTranslation(['iam', 'common']);
  const [editing, setEditing] = useState(false);
  const [search, setSearch] = useState('');
  const rows = matching(user.policy, search, (p) => p);
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <SearchBox
          placeholder={t('user.searchPolicies')}
          value={search}
          onChange={setSearch}
          testId="user-policies-search"
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing(true)}
          data-testid={ids.assignPolicies}
        >
          {t('user.assignPolicies')}
        </Button>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing={0}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{t('common:table.name')}</Table.Th>
            <Table.Th w={80}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((policy) => (
            <Table.Tr key={policy} h={40} data-testid={ids.policyRow(policy)}>
              <Table.Td>{policy}</Table.Td>
              <Table.Td>
                <Tooltip label={t('common:actions.view')}>
                  <ActionIcon
                    component={Link}
                    to={policyPath(policy)}
                    variant="subtle"
                    aria-label={t('user.viewPolicy', { name: policy })}
                    data-testid={ids.viewPolicy(policy)}
                  >
                    <IconEye size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text c="dimmed" mt="md">
          {t('picker.noPolicies')}
        </Text>
      )}
      <SetPoliciesModal
        target={editing ? { entityName: user.accessKey, entityType: 'user', current: user.policy } : null}
        onClose={() => setEditing(false)}
      />
    </>
  );
}

export function UserDetailPage() {
  const { t } = useTranslation(['iam', 'common']);
  const name = useParams()['*'] ?? '';
  const user = useUser(name);
  const status = useUpdateUser({ silent: false });
  const [signedInUser] = useState(() => readSignedInUser(window.localStorage));
  const [deleting, setDeleting] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const enabled = (status.isPending ? status.variables.status : user.data?.status) === 'enabled';

  const handleStatus = (on: boolean) => {
    if (user.data === undefined) return;
    // Spec 2 §4: the toggle sends the status at once, together with the current groups.
    status.mutate({ name, status: on ? 'enabled' : 'disabled', groups: user.data.memberOf });
  };

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title={name}
        breadcrumb={
          <Breadcrumbs mb={4} separator=">" aria-label={t('common:breadcrumb')} data-testid={ids.breadcrumb}>
            <Anchor component={Link} to="/users">
              {t('users.title')}
            </Anchor>
            <Text span style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          </Breadcrumbs>
        }
        actions={
          user.data === undefined ? undefined : (
            <>
              <Switch
                label={enabled ? t('common:status.enabled') : t('common:status.disabled')}
                checked={enabled}
                disabled={status.isPending}
                onChange={(e) => handleStatus(e.currentTarget.checked)}
                data-testid={ids.status}
              />
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden="true" />}
                onClick={() => setChangingPassword(true)}
                data-testid={ids.changePassword}
              >
                {t('user.changePassword')}
              </Button>
              <Tooltip label={t('users.cannotDeleteSelf')} disabled={name !== signedInUser}>
                <Button
                  variant="default"
                  color="red.9"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  disabled={name === signedInUser}
                  onClick={() => setDeleting(true)}
                  data-testid={ids.delete}
                >
                  {t('user.delete')}
                </Button>
              </Tooltip>
            </>
          )
        }
      />
      {user.isError && <Alert color="red">{user.error.message}</Alert>}
      {user.data !== undefined && (
        <Tabs
          orientation="vertical"
          defaultValue="groups"
          keepMounted={false}
          styles={{ tabLabel: { textAlign: 'left' } }}
        >
          <Tabs.List miw={180}>
            <Tabs.Tab value="groups" data-testid={ids.tabGroups}>
              {t('user.groups')}
            </Tabs.Tab>
            <Tabs.Tab value="service-accounts" data-testid={ids.tabServiceAccounts}>
              {t('user.serviceAccounts')}
            </Tabs.Tab>
            <Tabs.Tab value="policies" data-testid={ids.tabPolicies}>
              {t('user.policies')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="groups" pl="lg">
            <GroupsTab user={user.data} />
          </Tabs.Panel>
          <Tabs.Panel value="service-accounts" pl="lg">
            <ServiceAccountsTab user={name} />
          </Tabs.Panel>
          <Tabs.Panel value="policies" pl="lg">
            <PoliciesTab user={user.data} />
          </Tabs.Panel>
        </Tabs>
      )}
      <DeleteUserModal user={deleting ? name : null} onClose={() => setDeleting(false)} />
      <ChangeUserPasswordModal
        user={changingPassword ? name : null}
        onClose={() => setChangingPassword(false)}
      />
    </div>
  );
}
