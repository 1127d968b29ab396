/**
 * Delete Event (spec 1 §2 modals, §7): confirms, then sends DELETE /buckets/{bucket}/events/{arn}
 * with the rule's events, prefix and suffix. The refusal shows inside the modal (spec 1 §8).
 */
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketEvent } from '../../../shared/api/types.js';
import { DeleteItemModal } from '../../../shared/components/confirm-delete-modal.js';
import { useDeleteBucketEvent } from '../api/bucket-events.js';

const ids = BUCKETS_TEST_IDS.bucketEvents;

export function BucketEventsDeleteModal({
  bucket,
  event,
  onClose,
}: {
  bucket: string;
  event: BucketEvent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['buckets']);
  return (
    <DeleteItemModal
      item={event}
      mutation={useDeleteBucketEvent(bucket)}
      variables={(rule) => rule}
      deleted={() => t('events.deleted')}
      title={t('events.deleteTitle')}
      onClose={onClose}
      testIds={{ modal: ids.deleteModal, confirm: ids.deleteConfirm, error: ids.deleteError }}
    >
      {t('events.deleteText')}
    </DeleteItemModal>
  );
}
