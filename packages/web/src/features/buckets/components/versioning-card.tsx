/**
 * The Summary's Versioning card (distributed setup only): Enabled, Suspended or Unversioned, and
 * the edit button opening Edit Versioning. When the state cannot be read it says Unknown with the
 * server's reason, and offers no change.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBucketVersioning } from '../api/bucket-settings.js';
import { EditVersioningModal } from './edit-versioning-modal.js';
import { SummaryCard, settingValue } from './summary-card.js';

export function VersioningCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const versioning = useBucketVersioning(bucket, true);
  const [editing, setEditing] = useState(false);
  const state = versioning.data;
  return (
    <SummaryCard
      setting="versioning"
      title={t('detail.versioning')}
      value={settingValue(versioning, (v) => t(`versioning.${v.status}`), t('detail.unknown'))}
      detail={versioning.error?.message}
      edit={{
        tooltip: t('versioning.title'),
        label: t('versioning.edit', { name: bucket }),
        disabled: state === undefined,
        onClick: () => setEditing(true),
      }}
    >
      <EditVersioningModal
        bucket={bucket}
        opened={editing && state !== undefined}
        current={state?.status !== 'Enabled'}
        onClose={() => setEditing(false)}
      />
    </SummaryCard>
  );
}
