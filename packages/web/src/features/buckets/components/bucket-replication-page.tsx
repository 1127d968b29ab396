/**
 * /buckets/{bucketName}/replication — the Replication tab (spec 1 §2, §3 "Replication rule
 * (listed)", §4, §6): the bucket's rules (Priority, Destination with the ARN prefix stripped,
 * Prefix, Tags as Yes/No, Status) with a delete action each, and Add Replication Rule, enabled only
 * with s3:PutReplicationConfiguration on the bucket. As observed in the spec, a rule can be deleted
 * only while it is the only one (the action is disabled above one rule).
 */
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import { usePermission } from '../../../shared/api/has-permission.js';
import type { ReplicationRule } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { useBucketReplication } from '../api/bucket-settings.js';
import { AddReplicationRuleModal } from './add-replication-rule-modal.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { DeleteReplicationRuleModal } from './delete-replication-rule-modal.js';
import { DistributedOnly } from './distributed-only.js';

const ids = TEST_IDS.replicationTab;

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
      <Group justify="flex-end" mb="md">
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={!canAdd}
          onClick={() => setAdding(true)}
          data-testid={ids.add}
        >
          {t('replicationTab.add')}
        </Button>
      </Group>
      {replication.error !== null && (
        <Text c="red.8" mb="sm" role="alert">
          {replication.error.message}
        </Text>
      )}
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th w={90}>{t('replicationTab.priority')}</Table.Th>
            <Table.Th>{t('replicationTab.destination')}</Table.Th>
            <Table.Th>{t('replicationTab.prefix')}</Table.Th>
            <Table.Th w={80}>{t('replicationTab.tags')}</Table.Th>
            <Table.Th w={110}>{t('replicationTab.status')}</Table.Th>
            <Table.Th w={60}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => (
            <Table.Tr key={rule.id} h={40} data-testid={ids.row(rule.id)}>
              <Table.Td>{rule.priority}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {destinationName(rule.destination.bucket)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{rule.prefix}</Table.Td>
              <Table.Td>{rule.tags !== '' ? t('replicationTab.yes') : t('replicationTab.no')}</Table.Td>
              <Table.Td>
                {rule.status === 'Enabled' ? t('common:status.enabled') : t('common:status.disabled')}
              </Table.Td>
              <Table.Td>
                <RowAction
                  tooltip={t('common:actions.delete')}
                  label={t('replicationTab.deleteLabel', { id: rule.id })}
                  icon={IconTrash}
                  danger
                  disabled={rules.length > 1}
                  onClick={() => setDeleting(rule)}
                  testId={ids.delete(rule.id)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {replication.isSuccess && rules.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          {t('replicationTab.empty')}
        </Text>
      )}
      <AddReplicationRuleModal bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
      <DeleteReplicationRuleModal bucket={bucket} rule={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
