/**
 * Delete Replication Rule (spec 1 §2 modals, §4): the confirmation, saying that once replication
 * is enabled at least one rule must remain (as observed in the spec); the refusal shows inside.
 */
import { Trans, useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import type { ReplicationRule } from '../../../shared/api/types.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteReplicationRule } from '../api/bucket-replication.js';

const ids = TEST_IDS.replicationTab;

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
  const mutation = useDeleteReplicationRule(bucket);
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={rule !== null}
      title={t('replicationTab.deleteTitle')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (rule === null) return;
        mutation.mutate(rule.id, {
          onSuccess: () => {
            notify.success(t('replicationTab.deleted', { id: rule.id }));
            close();
          },
        });
      }}
      onClose={close}
      testIds={{ modal: ids.deleteModal, confirm: ids.deleteConfirm, error: ids.deleteError }}
    >
      <Trans
        t={t}
        i18nKey="replicationTab.deleteText"
        values={{ id: rule?.id ?? '' }}
        components={{ strong: <strong /> }}
      />
    </ConfirmDeleteModal>
  );
}
