/**
 * The Summary's Replication card (distributed setup only): how many replication rules the bucket
 * has, and the edit button opening Set Bucket Replication (enabled with
 * s3:PutReplicationConfiguration on the bucket, spec 1 §6). The rules are listed and removed on
 * the Replication tab.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/api/has-permission.js';
import { useBucketReplication } from '../api/bucket-settings.js';
import { AddReplicationRuleModal } from './add-replication-rule-modal.js';
import { SummaryCard, settingValue } from './summary-card.js';

export function ReplicationCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const replication = useBucketReplication(bucket, true);
  const canAdd = usePermission('s3:PutReplicationConfiguration', bucket);
  const [adding, setAdding] = useState(false);
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
      edit={{
        tooltip: t('replicationTab.addTitle'),
        label: t('replicationTab.addFor', { name: bucket }),
        disabled: !canAdd,
        onClick: () => setAdding(true),
      }}
    >
      <AddReplicationRuleModal bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
    </SummaryCard>
  );
}
