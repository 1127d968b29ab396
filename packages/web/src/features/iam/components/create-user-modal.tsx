/**
 * Create User (spec 2 §2, §5): Access Key and Secret Key, the groups to join and the policies to
 * attach; Save is enabled when both keys are non-blank, and a secret under 8 characters is answered
 * with 'Passwords must be at least 8 characters long'. Success closes the modal; the lists reload.
 */
import { Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { useModalForm } from '../../../shared/components/use-modal-form.js';
import { useCreateUser } from '../api/create-user.js';
import { useGroups } from '../api/list-groups.js';
import { ASSIGNMENT_POLICY_LIMIT, usePolicies } from '../api/list-policies.js';
import { FormAlert } from '../../../shared/components/form-alert.js';
import { NamePicker } from './name-picker.js';
import {
  EMPTY_CREATE_USER_FORM,
  canSaveCreateUser,
  createUserProblem,
  toCreateUserRequest,
} from './user-form.js';

const ids = IAM_TEST_IDS.createUser;

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['iam', 'common']);
  const groups = useGroups(opened);
  const policies = usePolicies(ASSIGNMENT_POLICY_LIMIT, opened);
  const mutation = useCreateUser();
  const { form, update, problem, saving, clear, close, handleSubmit } = useModalForm({
    empty: EMPTY_CREATE_USER_FORM,
    mutation,
    onClose,
    canSave: canSaveCreateUser,
    problemOf: createUserProblem,
    toRequest: toCreateUserRequest,
    successMessage: (request) => t('createUser.created', { name: request.accessKey }),
  });

  return (
    <Modal opened={opened} onClose={close} title={t('createUser.title')} size="xl" data-testid={ids.modal}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <FormAlert problem={problem} error={mutation.error} testId={ids.error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('createUser.accessKey')}
              required
              autoComplete="off"
              value={form.accessKey}
              onChange={(e) => update({ accessKey: e.currentTarget.value })}
              disabled={saving}
              data-testid={ids.accessKey}
              data-autofocus
            />
            <PasswordInput
              label={t('createUser.secretKey')}
              required
              autoComplete="new-password"
              value={form.secretKey}
              onChange={(e) => update({ secretKey: e.currentTarget.value })}
              disabled={saving}
              data-testid={ids.secretKey}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NamePicker
              list="create-user-groups"
              title={t('picker.groups')}
              filterPlaceholder={t('picker.filterGroups')}
              columnTitle={t('common:table.name')}
              names={(groups.data?.groups ?? []).map((g) => g.name)}
              selected={form.groups}
              onChange={(selected) => update({ groups: selected })}
              emptyText={t('picker.noGroups')}
              loaded={groups.isSuccess}
              disabled={saving}
            />
            <NamePicker
              list="create-user-policies"
              title={t('picker.policies')}
              filterPlaceholder={t('picker.filterPolicies')}
              columnTitle={t('common:table.name')}
              names={(policies.data?.policies ?? []).map((p) => p.name)}
              selected={form.policies}
              onChange={(selected) => update({ policies: selected })}
              emptyText={t('picker.noPolicies')}
              loaded={policies.isSuccess}
              disabled={saving}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={clear} disabled={saving} data-testid={ids.clear}>
              {t('common:actions.clear')}
            </Button>
            <Button type="submit" disabled={!canSaveCreateUser(form)} loading={saving} data-testid={ids.save}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
