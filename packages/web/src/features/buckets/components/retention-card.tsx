/**
 * The Summary's Retention card: the bucket's default retention (mode, validity and unit), or 'No
 * default retention', with the edit button opening Set Retention Configuration. Only a bucket
 * created with object locking has one: any other bucket (and every bucket on a server that offers
 * no object locking) shows it as not available, with no edit button. A failure
 * to read the retention is silent (spec 1 §8): Unknown, and the modal starts from the defaults.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerCapabilities } from '../../../shared/session/session-context.js';
import { useBucketObjectLocking, useBucketRetention } from '../api/bucket-settings.js';
import { RetentionModal } from './retention-modal.js';
import { SummaryCard, settingValue } from './summary-card.js';

export function RetentionCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  // Object locking is an S3 feature: a plain S3 server offers it without being 'distributed'.
  const offered = useServerCapabilities().objectLocking;
  const locking = useBucketObjectLocking(bucket, offered);
  const locked = locking.data?.object_locking_enabled === true;
  const retention = useBucketRetention(bucket, locked);
  const [editing, setEditing] = useState(false);
  const title = t('detail.retention');

  if (!offered || locking.data?.object_locking_enabled === false) {
    return (
      <SummaryCard
        setting="retention"
        title={title}
        value={t('retention.notAvailable')}
        detail={t('retention.noLocking')}
      />
    );
  }
  if (!locked) {
    return (
      <SummaryCard
        setting="retention"
        title={title}
        value={settingValue(locking, () => '…', t('detail.unknown'))}
        detail={locking.error?.message}
      />
    );
  }
  const current = retention.data;
  const value = settingValue(
    retention,
    (r) =>
      r.mode !== undefined && r.unit !== undefined && r.validity !== undefined
        ? t('retention.value', {
            mode: t(`create.${r.mode}`),
            period: t(`retention.${r.unit}`, { count: r.validity }),
          })
        : t('retention.none'),
    t('detail.unknown'),
  );
  return (
    <SummaryCard
      setting="retention"
      title={title}
      value={value}
      edit={{
        tooltip: t('retention.title'),
        label: t('retention.edit', { name: bucket }),
        disabled: retention.isPending,
        onClick: () => setEditing(true),
      }}
    >
      <RetentionModal bucket={bucket} opened={editing} current={current} onClose={() => setEditing(false)} />
    </SummaryCard>
  );
}
