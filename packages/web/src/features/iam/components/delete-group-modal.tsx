/** Delete Group (spec 2 §2): 'Are you sure you want to delete group {name}?'. */
import { Trans, useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { DeleteItemModal } from '../../../shared/components/confirm-delete-modal.js';
import { useDeleteGroup } from '../api/delete-group.js';

export function DeleteGroupModal({ group, onClose }: { group: string | null; onClose: () => void }) {
  const { t } = useTranslation('iam');
  return (
    <DeleteItemModal
      item={group}
      mutation={useDeleteGroup()}
      variables={(name) => name}
      deleted={(name) => t('deleteGroup.deleted', { name })}
      title={t('deleteGroup.title')}
      onClose={onClose}
      testIds={IAM_TEST_IDS.deleteGroup}
    >
      <Trans
        t={t}
        i18nKey="deleteGroup.question"
        values={{ name: group ?? '' }}
        components={{ strong: <strong /> }}
      />
    </DeleteItemModal>
  );
}
