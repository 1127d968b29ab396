/** Delete Policy (spec 2 §2): confirmation; the server refuses a policy that is still attached. */
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('iam');
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
        notify.success(t('deletePolicy.deleted', { name: policy }));
        close();
        onDeleted?.(policy);
      },
    });
  };
  return (
    <ConfirmDeleteModal
      opened={policy !== null}
      title={t('deletePolicy.title')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={handleConfirm}
      onClose={close}
      testIds={TEST_IDS.deletePolicy}
    >
      <Trans
        t={t}
        i18nKey="deletePolicy.question"
        values={{ name: policy ?? '' }}
        components={{ strong: <strong /> }}
      />
    </ConfirmDeleteModal>
  );
}
