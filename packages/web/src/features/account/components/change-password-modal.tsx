/**
 * Change Password for the signed-in account (spec 2 §2, §5): Current Password, New Password and its
 * retype. The server checks the current password and renews the session on success.
 */
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { TEST_IDS } from '../../../selectors.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useChangePassword } from '../api/change-password.js';
import {
  EMPTY_CHANGE_PASSWORD_FORM,
  canSaveChangePassword,
  changePasswordProblem,
} from './change-password-form.js';
import type { ChangePasswordForm } from './change-password-form.js';

const ids = TEST_IDS.changePassword;

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY_CHANGE_PASSWORD_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useChangePassword();
  const notify = useNotify();
  const saving = mutation.isPending;
  const update = (change: Partial<ChangePasswordForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setProblem(null);
  };

  const close = () => {
    setForm(EMPTY_CHANGE_PASSWORD_FORM);
    setProblem(null);
    mutation.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveChangePassword(form) || saving) return;
    const found = changePasswordProblem(form);
    setProblem(found);
    if (found !== null) return;
    mutation.mutate(
      { current_secret_key: form.current, new_secret_key: form.newPassword },
      {
        onSuccess: () => {
          notify.success('Password changed successfully.');
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Change Password" data-testid={ids.modal}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {problem !== null ? (
            <Alert color="red" role="alert" title={problem} data-testid={ids.error} />
          ) : (
            <ModalError error={mutation.error} testId={ids.error} />
          )}
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            value={form.current}
            onChange={(e) => update({ current: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.current}
            data-autofocus
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(e) => update({ newPassword: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.newPassword}
          />
          <PasswordInput
            label="Type New Password Again"
            autoComplete="new-password"
            value={form.retype}
            onChange={(e) => update({ retype: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.retype}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!canSaveChangePassword(form)}
              loading={saving}
              data-testid={ids.save}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
