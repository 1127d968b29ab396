/** Delete ServiceAccount (spec 2 §2): confirmation; the lists of service accounts reload after it. */
import { TEST_IDS } from '../../selectors.js';
import { useDeleteServiceAccount } from '../api/delete-service-account.js';
import { ConfirmDeleteModal } from './confirm-delete-modal.js';
import { useNotify } from './notify.js';

export function DeleteServiceAccountModal({
  accessKey,
  onClose,
}: {
  accessKey: string | null;
  onClose: () => void;
}) {
  const mutation = useDeleteServiceAccount();
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleConfirm = () => {
    if (accessKey === null) return;
    mutation.mutate(accessKey, {
      onSuccess: () => {
        notify.success(`Service account '${accessKey}' deleted successfully.`);
        close();
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={accessKey !== null}
      title="Delete ServiceAccount"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deleteServiceAccount}
    >
      Are you sure you want to delete service account <strong>{accessKey}</strong>?
    </ConfirmDeleteModal>
  );
}
