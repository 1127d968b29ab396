/**
 * Change the password of another user (spec 2 §2, §5): New Password and its retype; Save is enabled
 * once the retype equals it, and a password under 8 characters is refused with the spec's text.
 */
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useChangeUserPassword } from '../api/change-user-password.js';
import { canSaveUserPassword, userPasswordProblem } from './change-user-password-form.js';
import { FormAlert } from '../../../shared/components/form-alert.js';
import type { Problem } from '../../../shared/validation/problem.js';

const ids = IAM_TEST_IDS.changeUserPassword;

function ChangeUserPasswordForm({ user, onClose }: { user: string; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [retype, setRetype] = useState('');
  const { t } = useTranslation(['iam', 'common']);
  const [problem, setProblem] = useState<Problem | null>(null);
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
          notify.success(t('user.passwordChanged', { name: user }));
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
          label={t('common:password.new')}
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
          label={t('common:password.retype')}
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
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!canSaveUserPassword(newPassword, retype)}
            loading={saving}
            data-testid={ids.save}
          >
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangeUserPasswordModal({ user, onClose }: { user: string | null; onClose: () => void }) {
  const { t } = useTranslation('iam');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user === null ? t('user.changePassword') : t('user.changePasswordFor', { name: user })}
      data-testid={ids.modal}
    >
      {user !== null && <ChangeUserPasswordForm user={user} onClose={onClose} />}
    </Modal>
  );
}
