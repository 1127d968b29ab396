/** Delete Policy (spec 2 §2): confirmation; the server refuses a policy that is still attached. */
import { Trans, useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { DeleteItemModal } from '../../../shared/components/confirm-delete-modal.js';
import { useDeletePolicy } from '../api/delete-policy.js';

export interface DeletePolicyModalProps {
  policy: string | null;
  onClose: () => void;
  onDeleted?: (policy: string) => void;
}

export function DeletePolicyModal({ policy, onClose, onDeleted }: DeletePolicyModalProps) {
  const { t } = useTranslation('iam');
  return (
    <DeleteItemModal
      item={policy}
      mutation={useDeletePolicy()}
      variables={(name) => name}
      deleted={(name) => t('deletePolicy.deleted', { name })}
      onDeleted={onDeleted}
      title={t('deletePolicy.title')}
      onClose={onClose}
      testIds={IAM_TEST_IDS.deletePolicy}
    >
      <Trans
        t={t}
        i18nKey="deletePolicy.question"
        values={{ name: policy ?? '' }}
        components={{ strong: <strong /> }}
      />
    </DeleteItemModal>
  );
}
