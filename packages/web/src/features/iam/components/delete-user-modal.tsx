/**
 * Delete User (spec 2 §2): 'Are you sure you want to delete user {name}?'. Deleting closes the
 * dialog and goes to the users list — from the list itself, or from the user's own page.
 */
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteUser } from '../api/delete-user.js';

export interface DeleteUserModalProps {
  user: string | null;
  onClose: () => void;
  onDeleted?: (user: string) => void;
}

export function DeleteUserModal({ user, onClose, onDeleted }: DeleteUserModalProps) {
  const { t } = useTranslation('iam');
  const mutation = useDeleteUser();
  const notify = useNotify();
  const navigate = useNavigate();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleConfirm = () => {
    if (user === null) return;
    mutation.mutate(user, {
      onSuccess: () => {
        notify.success(t('deleteUser.deleted', { name: user }));
        close();
        onDeleted?.(user);
        void navigate('/users');
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={user !== null}
      title={t('deleteUser.title')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deleteUser}
    >
      <Trans
        t={t}
        i18nKey="deleteUser.question"
        values={{ name: user ?? '' }}
        components={{ strong: <strong /> }}
      />
    </ConfirmDeleteModal>
  );
}
