/** Delete Group (spec 2 §2): 'Are you sure you want to delete group {name}?'. */
import { Trans, useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteGroup } from '../api/delete-group.js';

export function DeleteGroupModal({ group, onClose }: { group: string | null; onClose: () => void }) {
  const { t } = useTranslation('iam');
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
        notify.success(t('deleteGroup.deleted', { name: group }));
        close();
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={group !== null}
      title={t('deleteGroup.title')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deleteGroup}
    >
      <Trans
        t={t}
        i18nKey="deleteGroup.question"
        values={{ name: group ?? '' }}
        components={{ strong: <strong /> }}
      />
    </ConfirmDeleteModal>
  );
}
