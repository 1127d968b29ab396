/**
 * The Summary's Quota card (distributed setup only): the quota in the largest binary unit that
 * divides it evenly (spec 1 §4) with its type, or 'No quota'; the edit button opens Enable Bucket
 * Quota. When the quota cannot be read (an account without the admin quota right) it says Unknown
 * with the server's reason, and offers no change.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { largestEvenUnit } from '../../../lib/units.js';
import { useBucketQuota } from '../api/bucket-settings.js';
import { BucketQuotaModal } from './bucket-quota-modal.js';
import { SummaryCard, settingValue } from './summary-card.js';

export function QuotaCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const quota = useBucketQuota(bucket, true);
  const [editing, setEditing] = useState(false);
  const current = quota.data;
  const value = settingValue(
    quota,
    (q) => {
      const { amount, unit } = largestEvenUnit(q.quota);
      return q.enabled ? `${amount} ${unit}` : t('quota.none');
    },
    t('detail.unknown'),
  );
  return (
    <SummaryCard
      setting="quota"
      title={t('detail.quota')}
      value={value}
      detail={
        current?.enabled ? t('quota.type', { type: t(`create.${current.type}`) }) : quota.error?.message
      }
      edit={{
        tooltip: t('quota.title'),
        label: t('quota.edit', { name: bucket }),
        disabled: current === undefined,
        onClick: () => setEditing(true),
      }}
    >
      <BucketQuotaModal
        bucket={bucket}
        opened={editing}
        current={current}
        onClose={() => setEditing(false)}
      />
    </SummaryCard>
  );
}
