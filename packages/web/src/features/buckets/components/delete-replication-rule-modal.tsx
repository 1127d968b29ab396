/**
 * Delete Replication Rule (spec 1 §2 modals, §4): the confirmation, saying that once replication
 * is enabled at least one rule must remain (as observed in the spec); the refusal shows inside.
 */
import { Trans, useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { ReplicationRule } from '../../../shared/api/types.js';
import { DeleteItemModal } from '../../../shared/components/confirm-delete-modal.js';
import { useDeleteReplicationRule } from '../api/bucket-replication.js';

const ids = BUCKETS_TEST_IDS.replicationTab;

export function DeleteReplicationRuleModal({
  bucket,
  rule,
  onClose,
}: {
  bucket: string;
  rule: ReplicationRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['buckets']);
  return (
    <DeleteItemModal
      item={rule}
      mutation={useDeleteReplicationRule(bucket)}
      variables={(r) => r.id}
      deleted={(r) => t('replicationTab.deleted', { id: r.id })}
      title={t('replicationTab.deleteTitle')}
      onClose={onClose}
      testIds={{ modal: ids.deleteModal, confirm: ids.deleteConfirm, error: ids.deleteError }}
    >
      <Trans
        t={t}
        i18nKey="replicationTab.deleteText"
        values={{ id: rule?.id ?? '' }}
        components={{ strong: <strong /> }}
      />
    </DeleteItemModal>
  );
}
