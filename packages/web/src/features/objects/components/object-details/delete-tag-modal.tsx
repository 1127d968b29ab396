/**
 * Delete Tag (spec 2 §2 object modals): confirms, then sends the version's tag set without it.
 */
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { ConfirmDeleteModal } from '../../../../shared/components/confirm-delete-modal.js';
import { useModalChange } from '../../../../shared/components/form-modal.js';
import { useSetObjectTags } from '../../api/object-details.js';
import { withoutTag } from './tag-form.js';

export interface DeleteTagModalProps {
  bucket: string;
  version: BucketObject;
  /** The tag's key; null when the modal is closed. */
  tagKey: string | null;
  onClose: () => void;
}

export function DeleteTagModal({ bucket, version, tagKey, onClose }: DeleteTagModalProps) {
  const { t } = useTranslation(['objects']);
  const change = useModalChange(useSetObjectTags(bucket), onClose, () =>
    t('objectDetails.deleteTagModal.deleted'),
  );
  const tag =
    tagKey === null ? '' : t('objectDetails.tagChip', { key: tagKey, value: version.tags?.[tagKey] ?? '' });
  return (
    <ConfirmDeleteModal
      opened={tagKey !== null}
      title={t('objectDetails.deleteTagModal.title')}
      pending={change.saving}
      error={change.error}
      onClose={change.close}
      onConfirm={() => {
        if (tagKey === null) return;
        change.submit({
          key: version.name,
          versionId: version.version_id,
          tags: withoutTag(version.tags ?? {}, tagKey),
        });
      }}
      testIds={OBJECTS_TEST_IDS.deleteTagModal}
    >
      {t('objectDetails.deleteTagModal.question', { tag })}
    </ConfirmDeleteModal>
  );
}
