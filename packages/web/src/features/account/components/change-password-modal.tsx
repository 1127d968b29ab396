/**
 * Change Password for the signed-in account (spec 2 §2, §5): Current Password, New Password and its
 * retype. The server checks the current password and renews the session on success.
 */
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TEST_IDS } from '../test-ids.js';
import { FormAlert } from '../../../shared/components/form-alert.js';
import { useModalForm } from '../../../shared/components/use-modal-form.js';
import { useChangePassword } from '../api/change-password.js';
import {
  EMPTY_CHANGE_PASSWORD_FORM,
  canSaveChangePassword,
  changePasswordProblem,
} from './change-password-form.js';
import type { ChangePasswordForm } from './change-password-form.js';

const ids = ACCOUNT_TEST_IDS.changePassword;

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const mutation = useChangePassword();
  const { form, update, problem, saving, close, handleSubmit } = useModalForm({
    empty: EMPTY_CHANGE_PASSWORD_FORM,
    mutation,
    onClose,
    canSave: canSaveChangePassword,
    problemOf: changePasswordProblem,
    toRequest: (filled: ChangePasswordForm) => ({
      current_secret_key: filled.current,
      new_secret_key: filled.newPassword,
    }),
    successMessage: () => t('passwordChanged'),
  });

  return (
    <Modal opened={opened} onClose={close} title={t('changePassword')} data-testid={ids.modal}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <FormAlert problem={problem} error={mutation.error} testId={ids.error} />
          <PasswordInput
            label={t('common:password.current')}
            autoComplete="current-password"
            value={form.current}
            onChange={(e) => update({ current: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.current}
            data-autofocus
          />
          <PasswordInput
            label={t('common:password.new')}
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(e) => update({ newPassword: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.newPassword}
          />
          <PasswordInput
            label={t('common:password.retype')}
            autoComplete="new-password"
            value={form.retype}
            onChange={(e) => update({ retype: e.currentTarget.value })}
            disabled={saving}
            data-testid={ids.retype}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={!canSaveChangePassword(form)}
              loading={saving}
              data-testid={ids.save}
            >
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
