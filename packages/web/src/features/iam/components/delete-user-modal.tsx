/**
 * Delete User (spec 2 §2): 'Are you sure you want to delete user {name}?'. Deleting closes the
 * dialog and goes to the users list — from the list itself, or from the user's own page.
 */
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { DeleteItemModal } from '../../../shared/components/confirm-delete-modal.js';
import { useDeleteUser } from '../api/delete-user.js';

export interface DeleteUserModalProps {
  user: string | null;
  onClose: () => void;
  onDeleted?: (user: string) => void;
}

export function DeleteUserModal({ user, onClose, onDeleted }: DeleteUserModalProps) {
  const { t } = useTranslation('iam');
  const navigate = useNavigate();
  return (
    <DeleteItemModal
      item={user}
      mutation={useDeleteUser()}
      variables={(name) => name}
      deleted={(name) => t('deleteUser.deleted', { name })}
      onDeleted={(name) => {
        onDeleted?.(name);
        void navigate('/users');
      }}
      title={t('deleteUser.title')}
      onClose={onClose}
      testIds={IAM_TEST_IDS.deleteUser}
    >
      <Trans
        t={t}
        i18nKey="deleteUser.question"
        values={{ name: user ?? '' }}
        components={{ strong: <strong /> }}
      />
    </DeleteItemModal>
  );
}
