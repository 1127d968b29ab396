/** Delete Policy (spec 2 §2): confirmation; the server refuses a policy that is still attached. */
import { TEST_IDS } from '../../../selectors.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeletePolicy } from '../api/delete-policy.js';

export interface DeletePolicyModalProps {
  policy: string | null;
  onClose: () => void;
  onDeleted?: (policy: string) => void;
}

export function DeletePolicyModal({ policy, onClose, onDeleted }: DeletePolicyModalProps) {
  const mutation = useDeletePolicy();
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleConfirm = () => {
    if (policy === null) return;
    mutation.mutate(policy, {
      onSuccess: () => {
        notify.success(`Policy '${policy}' deleted successfully.`);
        close();
        onDeleted?.(policy);
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={policy !== null}
      title="Delete Policy"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deletePolicy}
    >
      Are you sure you want to delete policy <strong>{policy}</strong>?
    </ConfirmDeleteModal>
  );
}
