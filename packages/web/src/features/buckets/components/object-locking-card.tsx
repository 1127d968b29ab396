/**
 * The Summary's Object Locking card (distributed setup only): Enabled or Disabled — fixed when
 * the bucket is created, so there is nothing to edit. Unknown with the server's reason when it
 * cannot be read.
 */
import { useTranslation } from 'react-i18next';
import { useBucketObjectLocking } from '../api/bucket-settings.js';
import { SummaryCard, settingValue } from './summary-card.js';

export function ObjectLockingCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets', 'common']);
  const locking = useBucketObjectLocking(bucket, true);
  return (
    <SummaryCard
      setting="object-locking"
      title={t('detail.objectLocking')}
      value={settingValue(
        locking,
        (l) => t(l.object_locking_enabled ? 'common:status.enabled' : 'common:status.disabled'),
        t('detail.unknown'),
      )}
      detail={locking.error?.message}
    />
  );
}
