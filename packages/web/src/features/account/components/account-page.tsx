/**
 * /account (spec 2 §2, §4): the signed-in account's service accounts with a search box, 'Create
 * service account' (optional restricting policy; the new keys shown once in 'New Service Account
 * Created', downloadable), Delete ServiceAccount per row, and a Change Password icon shown only
 * when the session's pages include /account/change-password.
 */
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconKey, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TEST_IDS } from '../test-ids.js';
import type { ServiceAccountCredentials } from '../../../shared/api/types.js';
import { CreateServiceAccountModal } from '../../../shared/components/create-service-account-modal.js';
import { DeleteServiceAccountModal } from '../../../shared/components/delete-service-account-modal.js';
import { NewServiceAccountModal } from '../../../shared/components/new-service-account-modal.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { ServiceAccountsTable } from '../../../shared/components/service-accounts-table.js';
import { useSession } from '../../../shared/session/session-context.js';
import { useCreateServiceAccount } from '../api/create-service-account.js';
import { useServiceAccounts } from '../api/list-service-accounts.js';
import { ChangePasswordModal } from './change-password-modal.js';

const ids = ACCOUNT_TEST_IDS.account;

export function AccountPage() {
  const { t } = useTranslation(['account', 'common']);
  const canChangePassword = useSession().pages.includes('/account/change-password');
  const accounts = useServiceAccounts();
  const create = useCreateServiceAccount();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ServiceAccountCredentials | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const text = search.trim().toLowerCase();
  const rows = (accounts.data ?? []).filter((key) => key.toLowerCase().includes(text));

  const closeCreate = () => {
    create.reset();
    setCreating(false);
  };
  const handleCreate = (policy: string | undefined) =>
    create.mutate(policy, {
      onSuccess: (credentials) => {
        closeCreate();
        setCreated(credentials);
      },
    });

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title={t('title')}
        actions={
          <>
            {canChangePassword && (
              <Tooltip label={t('changePassword')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('changePassword')}
                  onClick={() => setChangingPassword(true)}
                  data-testid={ids.changePassword}
                >
                  <IconKey size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setCreating(true)}
              data-testid={ids.create}
            >
              {t('common:serviceAccount.create')}
            </Button>
          </>
        }
      />
      <Group mb="md">
        <TextInput
          placeholder={t('common:serviceAccount.search')}
          aria-label={t('common:serviceAccount.search')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={400}
          maw="100%"
          data-testid={ids.search}
        />
      </Group>
      <ServiceAccountsTable
        accessKeys={rows}
        loaded={accounts.isSuccess}
        onDelete={setToDelete}
        emptyText={t('common:serviceAccount.empty')}
      />
      <CreateServiceAccountModal
        opened={creating}
        pending={create.isPending}
        error={create.error}
        onCreate={handleCreate}
        onClose={closeCreate}
      />
      <NewServiceAccountModal credentials={created} onClose={() => setCreated(null)} />
      <DeleteServiceAccountModal accessKey={toDelete} onClose={() => setToDelete(null)} />
      {canChangePassword && (
        <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
      )}
    </div>
  );
}
