/**
 * /policies/{policyName} (spec 2 §2): breadcrumb 'Policies > name', Delete Policy, and the tabs
 * Details (the document in the validating JSON editor; the name is read-only), Users and Groups,
 * each with a search box. A user row opens /users/{name} when the session may open /users.
 */
import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { IAM_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { PolicyJsonInput } from '../../../shared/components/policy-json-input.js';
import { userPath } from '../../../shared/iam-paths.js';
import { useSession } from '../../../shared/session/session-context.js';
import { formatPolicyJson, policyJsonProblem } from '../../../shared/validation/policy-json.js';
import { usePolicy } from '../api/get-policy.js';
import { usePolicyGroups } from '../api/list-policy-groups.js';
import { usePolicyUsers } from '../api/list-policy-users.js';
import { useSavePolicy } from '../api/save-policy.js';
import { DeletePolicyModal } from './delete-policy-modal.js';
import { EntityNameTable } from './entity-name-table.js';
import { isPolicyFormValid } from './policy-form.js';

const ids = IAM_TEST_IDS.policyDetail;

function PolicyDetails({ name, document: saved }: { name: string; document: string }) {
  // The editor starts from the server's document; a save makes the server's answer the new start.
  const { t } = useTranslation(['iam', 'common']);
  const [document, setDocument] = useState(() => formatPolicyJson(saved));
  const mutation = useSavePolicy();
  const notify = useNotify();
  const valid = isPolicyFormValid({ name, document });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    mutation.mutate(
      { name, policy: document },
      { onSuccess: () => notify.success(t('policy.updated', { name })) },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.error} />
        <TextInput label={t('policy.name')} value={name} readOnly disabled data-testid={ids.name} />
        <PolicyJsonInput
          label={t('policy.document')}
          value={document}
          onChange={setDocument}
          problem={policyJsonProblem(document)}
          disabled={mutation.isPending}
          testId={ids.document}
          problemTestId={ids.documentProblem}
          minRows={16}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!valid} loading={mutation.isPending} data-testid={ids.save}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PolicyDetailPage() {
  const { t } = useTranslation(['iam', 'common']);
  const name = useParams()['*'] ?? '';
  const navigate = useNavigate();
  const canOpenUsers = useSession().pages.includes('/users');
  const [tab, setTab] = useState<string | null>('details');
  const [deleting, setDeleting] = useState(false);
  const policy = usePolicy(name);
  const users = usePolicyUsers(name, tab === 'users');
  const groups = usePolicyGroups(name, tab === 'groups');

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title={name}
        breadcrumb={
          <Breadcrumbs mb={4} separator=">" aria-label={t('common:breadcrumb')}>
            <Anchor component={Link} to="/policies">
              {t('policy.breadcrumb')}
            </Anchor>
            <Text span>{name}</Text>
          </Breadcrumbs>
        }
        actions={
          <Button
            variant="default"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => setDeleting(true)}
            data-testid={ids.delete}
          >
            {t('policy.delete')}
          </Button>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details" data-testid={ids.tabDetails}>
            {t('policy.details')}
          </Tabs.Tab>
          <Tabs.Tab value="users" data-testid={ids.tabUsers}>
            {t('policy.users')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" data-testid={ids.tabGroups}>
            {t('policy.groups')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          {policy.isError && <Alert color="red">{policy.error.message}</Alert>}
          {policy.data !== undefined && (
            <PolicyDetails key={policy.data.policy} name={name} document={policy.data.policy} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <EntityNameTable
            names={users.data ?? []}
            loaded={users.isSuccess}
            columnTitle={t('common:table.name')}
            searchPlaceholder={t('policy.searchUsers')}
            searchTestId={ids.usersSearch}
            emptyText={t('policy.noUsers')}
            rowTestId={ids.userRow}
            linkTo={canOpenUsers ? userPath : undefined}
          />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <EntityNameTable
            names={groups.data ?? []}
            loaded={groups.isSuccess}
            columnTitle={t('common:table.name')}
            searchPlaceholder={t('policy.searchGroups')}
            searchTestId={ids.groupsSearch}
            emptyText={t('policy.noGroups')}
            rowTestId={ids.groupRow}
          />
        </Tabs.Panel>
      </Tabs>
      <DeletePolicyModal
        policy={deleting ? name : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/policies')}
      />
    </div>
  );
}
