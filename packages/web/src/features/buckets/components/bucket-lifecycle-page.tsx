/**
 * /buckets/{bucketName}/lifecycle — the Lifecycle tab (spec 1 §2, §3 "Lifecycle rule (listed)",
 * §8): the bucket's rules (Type, Tier, Prefix, After — days or date —, Status) with an edit action
 * each, 'Add Lifecycle Rule', and the empty text 'There are no Lifecycle rules yet'. A failed load
 * is only logged (spec 1 §8).
 */
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { LifecycleRule } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { AddBar, RowsTable } from '../../../shared/components/rows-table.js';
import { useBucketLifecycle } from '../api/bucket-lifecycle.js';
import { AddLifecycleRuleModal } from './add-lifecycle-rule-modal.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { DistributedOnly } from './distributed-only.js';
import { EditLifecycleModal } from './edit-lifecycle-modal.js';

const ids = BUCKETS_TEST_IDS.lifecycle;

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
      <AddBar label={t('lifecycle.add')} onClick={() => setAdding(true)} testId={ids.add} />
      <RowsTable
        rows={rules}
        columns={[
          {
            header: t('lifecycle.type'),
            cell: (rule) =>
              rule.transition !== undefined ? t('lifecycle.transition') : t('lifecycle.expiry'),
          },
          {
            header: t('lifecycle.tier'),
            wrap: true,
            cell: (rule) => rule.transition?.storage_class ?? rule.transition?.noncurrent_storage_class ?? '',
          },
          { header: t('lifecycle.prefix'), wrap: true, cell: (rule) => rule.prefix },
          { header: t('lifecycle.after'), cell: after },
          {
            header: t('lifecycle.status'),
            width: 110,
            cell: (rule) =>
              rule.status === 'Enabled' ? t('common:status.enabled') : t('common:status.disabled'),
            cellTestId: (rule) => ids.status(rule.id),
          },
        ]}
        rowKey={(rule) => rule.id}
        rowTestId={(rule) => ids.row(rule.id)}
        action={(rule) => (
          <RowAction
            tooltip={t('lifecycle.edit')}
            label={t('lifecycle.editLabel', { id: rule.id })}
            icon={IconPencil}
            onClick={() => setEditing(rule)}
            testId={ids.edit(rule.id)}
          />
        )}
        empty={{ loaded: lifecycle.isSuccess, text: t('lifecycle.empty') }}
        testIds={{ table: ids.table, empty: ids.empty }}
      />
      <AddLifecycleRuleModal bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
      <EditLifecycleModal bucket={bucket} rule={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
