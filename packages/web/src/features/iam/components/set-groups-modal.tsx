/**
 * The user page's 'Add to Groups' dialog: the groups the user belongs to, ticked, among all groups;
 * Save sends the user's status with exactly the chosen groups (PUT /user, spec 2 §7).
 */
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import type { User } from '../../../shared/api/types.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useGroups } from '../api/list-groups.js';
import { useUpdateUser } from '../api/update-user.js';
import { NameChoiceForm } from './name-choice-form.js';

const ids = IAM_TEST_IDS.setGroups;

function SetGroupsForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('iam');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(user.memberOf));
  const groups = useGroups();
  const mutation = useUpdateUser({ silent: true });
  const notify = useNotify();

  const save = () =>
    mutation.mutate(
      { name: user.accessKey, status: user.status, groups: [...selected].sort() },
      {
        onSuccess: () => {
          notify.success(t('setGroups.saved', { name: user.accessKey }));
          onClose();
        },
      },
    );

  return (
    <NameChoiceForm
      picker={{
        list: 'set-groups',
        title: t('picker.groups'),
        filterPlaceholder: t('picker.filterGroups'),
        names: (groups.data?.groups ?? []).map((g) => g.name),
        selected,
        onChange: setSelected,
        emptyText: t('picker.noGroups'),
        loaded: groups.isSuccess,
      }}
      error={mutation.error}
      pending={mutation.isPending}
      onSave={save}
      onCancel={onClose}
      errorTestId={ids.error}
      saveTestId={ids.save}
    />
  );
}

export function SetGroupsModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('iam');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('setGroups.title')}
      size="lg"
      data-testid={ids.modal}
    >
      {user !== null && <SetGroupsForm user={user} onClose={onClose} />}
    </Modal>
  );
}
