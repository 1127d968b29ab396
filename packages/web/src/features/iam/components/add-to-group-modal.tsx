/**
 * Add Users to Group (spec 2 §2, §5): the users selected on /users join the groups chosen here;
 * saving with no group chosen says 'You need to select at least one group to assign'.
 */
import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useAddUsersToGroups } from '../api/add-users-to-groups.js';
import { useGroups } from '../api/list-groups.js';
import type { Problem } from '../../../shared/validation/problem.js';
import { NameChoiceForm } from './name-choice-form.js';

const ids = IAM_TEST_IDS.addToGroup;
export const NO_GROUP_SELECTED: Problem = { key: 'validation.noGroupSelected' };

export interface AddToGroupModalProps {
  opened: boolean;
  users: readonly string[];
  onClose: () => void;
  onAdded?: () => void;
}

export function AddToGroupModal({ opened, users, onClose, onAdded }: AddToGroupModalProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { t } = useTranslation('iam');
  const [problem, setProblem] = useState<Problem | null>(null);
  const groups = useGroups(opened);
  const mutation = useAddUsersToGroups();
  const notify = useNotify();

  const close = () => {
    setSelected(new Set());
    setProblem(null);
    mutation.reset();
    onClose();
  };

  const save = () => {
    if (selected.size === 0) {
      setProblem(NO_GROUP_SELECTED);
      return;
    }
    setProblem(null);
    mutation.mutate(
      { groups: [...selected].sort(), users: [...users] },
      {
        onSuccess: () => {
          notify.success(t('addToGroup.added'));
          onAdded?.();
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('addToGroup.title')} size="lg" data-testid={ids.modal}>
      <NameChoiceForm
        picker={{
          list: 'add-to-group-groups',
          title: t('picker.groups'),
          filterPlaceholder: t('picker.filterGroups'),
          names: (groups.data?.groups ?? []).map((g) => g.name),
          selected,
          onChange: (next) => {
            setSelected(next);
            setProblem(null);
          },
          emptyText: t('picker.noGroups'),
          loaded: groups.isSuccess,
        }}
        problem={problem}
        error={mutation.error}
        pending={mutation.isPending}
        onSave={save}
        onCancel={close}
        errorTestId={ids.error}
        saveTestId={ids.save}
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('addToGroup.selectedUsers', { users: users.join(', ') })}
        </Text>
      </NameChoiceForm>
    </Modal>
  );
}
