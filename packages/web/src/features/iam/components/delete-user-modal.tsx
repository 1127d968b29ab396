/**
 * Delete User (spec 2 §2): 'Are you sure you want to delete user {name}?'. Deleting closes the
 * dialog and goes to the users list — from the list itself, or from the user's own page.
 */
import { useNavigate } from 'react-router';
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
        notify.success(`User '${user}' deleted successfully.`);
        close();
        onDeleted?.(user);
        void navigate('/users');
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={user !== null}
      title="Delete User"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deleteUser}
    >
      Are you sure you want to delete user <strong>{user}</strong>?
    </ConfirmDeleteModal>
  );
}
