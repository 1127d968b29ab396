/**
 * Add Users to Group (spec 2 §2, §5): the users selected on /users join the groups chosen here;
 * saving with no group chosen says 'You need to select at least one group to assign'.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useAddUsersToGroups } from '../api/add-users-to-groups.js';
import { useGroups } from '../api/list-groups.js';
import { FormAlert } from './form-alert.js';
import { NamePicker } from './name-picker.js';

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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
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
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <FormAlert problem={problem} error={mutation.error} testId={ids.error} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Selected users: {users.join(', ')}
          </Text>
          <NamePicker
            list="add-to-group-groups"
            title="Groups"
            filterPlaceholder="Filter Groups"
            columnTitle="Name"
            names={(groups.data?.groups ?? []).map((g) => g.name)}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              setProblem(null);
            }}
            emptyText="No Groups Available"
            loaded={groups.isSuccess}
            disabled={mutation.isPending}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid={ids.save}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
