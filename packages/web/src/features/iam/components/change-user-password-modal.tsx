/**
 * Change the password of another user (spec 2 §2, §5): New Password and its retype; Save is enabled
 * once the retype equals it, and a password under 8 characters is refused with the spec's text.
 */
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useChangeUserPassword } from '../api/change-user-password.js';
import { canSaveUserPassword, userPasswordProblem } from './change-user-password-form.js';
import { FormAlert } from '../../../shared/components/form-alert.js';

const ids = TEST_IDS.changeUserPassword;

function ChangeUserPasswordForm({ user, onClose }: { user: string; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useChangeUserPassword();
  const notify = useNotify();
  const saving = mutation.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveUserPassword(newPassword, retype) || saving) return;
    const found = userPasswordProblem(newPassword);
    setProblem(found);
    if (found !== null) return;
    mutation.mutate(
      { selectedUser: user, newSecretKey: newPassword },
      {
        onSuccess: () => {
          notify.success(`Password of '${user}' changed successfully.`);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormAlert problem={problem} error={mutation.error} testId={ids.error} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => {
            setNewPassword(e.currentTarget.value);
            setProblem(null);
          }}
          disabled={saving}
          data-testid={ids.newPassword}
          data-autofocus
        />
        <PasswordInput
          label="Type New Password Again"
          autoComplete="new-password"
          value={retype}
          onChange={(e) => {
            setRetype(e.currentTarget.value);
            setProblem(null);
          }}
          disabled={saving}
          data-testid={ids.retype}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!canSaveUserPassword(newPassword, retype)}
            loading={saving}
            data-testid={ids.save}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangeUserPasswordModal({ user, onClose }: { user: string | null; onClose: () => void }) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user === null ? 'Change Password' : `Change Password for ${user}`}
      data-testid={ids.modal}
    >
      {user !== null && <ChangeUserPasswordForm user={user} onClose={onClose} />}
    </Modal>
  );
}
