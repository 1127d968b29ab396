/**
 * The Summary's Replication card (distributed setup only): how many replication rules the bucket
 * has. The rules themselves are listed and edited on the Replication screen, which comes with the
 * replication issue — until then the card offers no action (no link to a screen that is not there).
 */
import { useTranslation } from 'react-i18next';
import { useBucketReplication } from '../api/bucket-settings.js';
import { SummaryCard, settingValue } from './summary-card.js';

export function ReplicationCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const replication = useBucketReplication(bucket, true);
  return (
    <SummaryCard
      setting="replication"
      title={t('detail.replication')}
      value={settingValue(
        replication,
        (r) => t('detail.replicationRules', { count: r.rules.length }),
        t('detail.unknown'),
      )}
      detail={replication.error?.message}
    />
  );
}
