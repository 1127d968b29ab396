/**
 * Add Users to Group (spec 2 §2, §5): the users selected on /users join the groups chosen here;
 * saving with no group chosen says 'You need to select at least one group to assign'.
 */
import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useAddUsersToGroups } from '../api/add-users-to-groups.js';
import { useGroups } from '../api/list-groups.js';
import { NameChoiceForm } from './name-choice-form.js';

const ids = TEST_IDS.addToGroup;
export const NO_GROUP_SELECTED = 'You need to select at least one group to assign';

export interface AddToGroupModalProps {
  opened: boolean;
  users: readonly string[];
  onClose: () => void;
  onAdded?: () => void;
}

export function AddToGroupModal({ opened, users, onClose, onAdded }: AddToGroupModalProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
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
          notify.success('Users added to the groups successfully.');
          onAdded?.();
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Users to Group" size="lg" data-testid={ids.modal}>
      <NameChoiceForm
        picker={{
          list: 'add-to-group-groups',
          title: 'Groups',
          filterPlaceholder: 'Filter Groups',
          names: (groups.data?.groups ?? []).map((g) => g.name),
          selected,
          onChange: (next) => {
            setSelected(next);
            setProblem(null);
          },
          emptyText: 'No Groups Available',
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
          Selected users: {users.join(', ')}
        </Text>
      </NameChoiceForm>
    </Modal>
  );
}
