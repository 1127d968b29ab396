/**
 * /buckets/{bucketName}/lifecycle — the Lifecycle tab (spec 1 §2, §3 "Lifecycle rule (listed)",
 * §8): the bucket's rules (Type, Tier, Prefix, After — days or date —, Status) with an edit action
 * each, 'Add Lifecycle Rule', and the empty text 'There are no Lifecycle rules yet'. A failed load
 * is only logged (spec 1 §8).
 */
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import type { LifecycleRule } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { useBucketLifecycle } from '../api/bucket-lifecycle.js';
import { AddLifecycleRuleModal } from './add-lifecycle-rule-modal.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { DistributedOnly } from './distributed-only.js';
import { EditLifecycleModal } from './edit-lifecycle-modal.js';

const ids = TEST_IDS.lifecycle;

export function BucketLifecyclePage() {
  const bucketName = useParams().bucketName ?? '';
  return (
    <DistributedOnly>
      <BucketDetailFrame bucketName={bucketName}>
        <LifecycleTab bucket={bucketName} />
      </BucketDetailFrame>
    </DistributedOnly>
  );
}

function LifecycleTab({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets', 'common']);
  const lifecycle = useBucketLifecycle(bucket);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<LifecycleRule | null>(null);
  const rules = lifecycle.data?.lifecycle ?? [];
  useEffect(() => {
    // Spec 1 §8: lifecycle list load errors are only logged.
    if (lifecycle.error !== null) console.error('lifecycle rules could not be read', lifecycle.error);
  }, [lifecycle.error]);

  const after = (rule: LifecycleRule): string => {
    const step = rule.transition ?? rule.expiration;
    if (step?.days !== undefined) return t('lifecycle.afterDays', { count: step.days });
    if (step?.date !== undefined) return step.date;
    if (rule.expiration?.noncurrent_expiration_days !== undefined)
      return t('lifecycle.afterNoncurrentDays', { count: rule.expiration.noncurrent_expiration_days });
    if (rule.transition?.noncurrent_transition_days !== undefined)
      return t('lifecycle.afterNoncurrentDays', { count: rule.transition.noncurrent_transition_days });
    return '';
  };

  return (
    <div data-testid={ids.screen}>
      <Group justify="flex-end" mb="md">
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setAdding(true)}
          data-testid={ids.add}
        >
          {t('lifecycle.add')}
        </Button>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{t('lifecycle.type')}</Table.Th>
            <Table.Th>{t('lifecycle.tier')}</Table.Th>
            <Table.Th>{t('lifecycle.prefix')}</Table.Th>
            <Table.Th>{t('lifecycle.after')}</Table.Th>
            <Table.Th w={110}>{t('lifecycle.status')}</Table.Th>
            <Table.Th w={60}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => (
            <Table.Tr key={rule.id} h={40} data-testid={ids.row(rule.id)}>
              <Table.Td>
                {rule.transition !== undefined ? t('lifecycle.transition') : t('lifecycle.expiry')}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {rule.transition?.storage_class ?? rule.transition?.noncurrent_storage_class ?? ''}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{rule.prefix}</Table.Td>
              <Table.Td>{after(rule)}</Table.Td>
              <Table.Td data-testid={ids.status(rule.id)}>
                {rule.status === 'Enabled' ? t('common:status.enabled') : t('common:status.disabled')}
              </Table.Td>
              <Table.Td>
                <RowAction
                  tooltip={t('lifecycle.edit')}
                  label={t('lifecycle.editLabel', { id: rule.id })}
                  icon={IconPencil}
                  onClick={() => setEditing(rule)}
                  testId={ids.edit(rule.id)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lifecycle.isSuccess && rules.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          {t('lifecycle.empty')}
        </Text>
      )}
      <AddLifecycleRuleModal bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
      <EditLifecycleModal bucket={bucket} rule={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
