/** Delete Group (spec 2 §2): 'Are you sure you want to delete group {name}?'. */
import { TEST_IDS } from '../../../selectors.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteGroup } from '../api/delete-group.js';

export function DeleteGroupModal({ group, onClose }: { group: string | null; onClose: () => void }) {
  const mutation = useDeleteGroup();
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleConfirm = () => {
    if (group === null) return;
    mutation.mutate(group, {
      onSuccess: () => {
        notify.success(`Group '${group}' deleted successfully.`);
        close();
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={group !== null}
      title="Delete Group"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deleteGroup}
    >
      Are you sure you want to delete group <strong>{group}</strong>?
    </ConfirmDeleteModal>
  );
}
