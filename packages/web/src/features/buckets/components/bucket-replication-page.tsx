/**
 * /buckets/{bucketName}/replication — the Replication tab (spec 1 §2, §3 "Replication rule
 * (listed)", §4, §6): the bucket's rules (Priority, Destination with the ARN prefix stripped,
 * Prefix, Tags as Yes/No, Status) with a delete action each, and Add Replication Rule, enabled only
 * with s3:PutReplicationConfiguration on the bucket. As observed in the spec, a rule can be deleted
 * only while it is the only one (the action is disabled above one rule).
 */
import { Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { usePermission } from '../../../shared/api/has-permission.js';
import type { ReplicationRule } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { AddBar, RowsTable } from '../../../shared/components/rows-table.js';
import { useBucketReplication } from '../api/bucket-settings.js';
import { AddReplicationRuleModal } from './add-replication-rule-modal.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { DeleteReplicationRuleModal } from './delete-replication-rule-modal.js';
import { DistributedOnly } from './distributed-only.js';

const ids = BUCKETS_TEST_IDS.replicationTab;

/** `arn:minio:replication::<id>:<bucket>` → `<bucket>` (spec 1 §3: the ARN prefix is stripped). */
export function destinationName(bucket: string): string {
  return bucket.startsWith('arn:') ? bucket.slice(bucket.lastIndexOf(':') + 1) : bucket;
}

export function BucketReplicationPage() {
  const bucketName = useParams().bucketName ?? '';
  return (
    <DistributedOnly>
      <BucketDetailFrame bucketName={bucketName}>
        <ReplicationTab bucket={bucketName} />
      </BucketDetailFrame>
    </DistributedOnly>
  );
}

function ReplicationTab({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets', 'common']);
  const replication = useBucketReplication(bucket, true);
  const canAdd = usePermission('s3:PutReplicationConfiguration', bucket);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ReplicationRule | null>(null);
  const rules = [...(replication.data?.rules ?? [])].sort((a, b) => a.priority - b.priority);
  return (
    <div data-testid={ids.screen}>
      <AddBar
        label={t('replicationTab.add')}
        disabled={!canAdd}
        onClick={() => setAdding(true)}
        testId={ids.add}
      />
      {replication.error !== null && (
        <Text c="red.8" mb="sm" role="alert">
          {replication.error.message}
        </Text>
      )}
      <RowsTable
        rows={rules}
        columns={[
          { header: t('replicationTab.priority'), width: 90, cell: (rule) => rule.priority },
          {
            header: t('replicationTab.destination'),
            wrap: true,
            cell: (rule) => destinationName(rule.destination.bucket),
          },
          { header: t('replicationTab.prefix'), wrap: true, cell: (rule) => rule.prefix },
          {
            header: t('replicationTab.tags'),
            width: 80,
            cell: (rule) => (rule.tags !== '' ? t('replicationTab.yes') : t('replicationTab.no')),
          },
          {
            header: t('replicationTab.status'),
            width: 110,
            cell: (rule) =>
              rule.status === 'Enabled' ? t('common:status.enabled') : t('common:status.disabled'),
          },
        ]}
        rowKey={(rule) => rule.id}
        rowTestId={(rule) => ids.row(rule.id)}
        action={(rule) => (
          <RowAction
            tooltip={t('common:actions.delete')}
            label={t('replicationTab.deleteLabel', { id: rule.id })}
            icon={IconTrash}
            danger
            disabled={rules.length > 1}
            onClick={() => setDeleting(rule)}
            testId={ids.delete(rule.id)}
          />
        )}
        empty={{ loaded: replication.isSuccess, text: t('replicationTab.empty') }}
        testIds={{ table: ids.table, empty: ids.empty }}
      />
      <AddReplicationRuleModal bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
      <DeleteReplicationRuleModal bucket={bucket} rule={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
