/**
 * The user page's 'Add to Groups' dialog: the groups the user belongs to, ticked, among all groups;
 * Save sends the user's status with exactly the chosen groups (PUT /user, spec 2 §7).
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import type { User } from '../../../shared/api/types.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useGroups } from '../api/list-groups.js';
import { useUpdateUser } from '../api/update-user.js';
import { NamePicker } from './name-picker.js';

const ids = TEST_IDS.setGroups;

function SetGroupsForm({ user, onClose }: { user: User; onClose: () => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(user.memberOf));
  const groups = useGroups();
  const mutation = useUpdateUser({ silent: true });
  const notify = useNotify();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(
      { name: user.accessKey, status: user.status, groups: [...selected].sort() },
      {
        onSuccess: () => {
          notify.success(`Groups of '${user.accessKey}' set successfully.`);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.error} />
        <NamePicker
          list="set-groups"
          title="Groups"
          filterPlaceholder="Filter Groups"
          columnTitle="Name"
          names={(groups.data?.groups ?? []).map((g) => g.name)}
          selected={selected}
          onChange={setSelected}
          emptyText="No Groups Available"
          loaded={groups.isSuccess}
          disabled={mutation.isPending}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid={ids.save}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SetGroupsModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Set Groups" size="lg" data-testid={ids.modal}>
      {user !== null && <SetGroupsForm user={user} onClose={onClose} />}
    </Modal>
  );
}
