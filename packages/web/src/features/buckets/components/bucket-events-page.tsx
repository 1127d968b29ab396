/**
 * /buckets/{bucketName}/events — the Events tab (spec 1 §2, §3 "Event subscription"): the bucket's
 * subscriptions in a table (SQS, Events, Prefix, Suffix) with a delete action each, and 'Subscribe
 * to Event', which opens Subscribe To Event.
 */
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketEvent } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { AddBar, RowsTable } from '../../../shared/components/rows-table.js';
import { useBucketEvents } from '../api/bucket-events.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { BucketEventsDeleteModal } from './bucket-events-delete-modal.js';
import { BucketEventsSubscribeModal } from './bucket-events-subscribe-modal.js';

const ids = BUCKETS_TEST_IDS.bucketEvents;

export function BucketEventsPage() {
  const bucketName = useParams().bucketName ?? '';
  return (
    <BucketDetailFrame bucketName={bucketName}>
      <BucketEventsTab bucket={bucketName} />
    </BucketDetailFrame>
  );
}

function BucketEventsTab({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets', 'common']);
  const events = useBucketEvents(bucket);
  const [subscribing, setSubscribing] = useState(false);
  const [deleting, setDeleting] = useState<BucketEvent | null>(null);
  const rows = events.data?.events ?? [];
  return (
    <div data-testid={ids.screen}>
      <AddBar label={t('events.subscribe')} onClick={() => setSubscribing(true)} testId={ids.subscribe} />
      <RowsTable
        rows={rows}
        columns={[
          { header: t('events.sqs'), wrap: true, cell: (event) => event.arn },
          { header: t('events.events'), cell: (event) => event.events.join(', ') },
          { header: t('events.prefix'), wrap: true, cell: (event) => event.prefix },
          { header: t('events.suffix'), wrap: true, cell: (event) => event.suffix },
        ]}
        rowKey={(event, index) => `${event.id}-${index}`}
        rowTestId={(_, index) => ids.row(index)}
        action={(event, index) => (
          <RowAction
            tooltip={t('common:actions.delete')}
            label={t('events.deleteLabel', { arn: event.arn })}
            icon={IconTrash}
            danger
            onClick={() => setDeleting(event)}
            testId={ids.delete(index)}
          />
        )}
        empty={{ loaded: events.isSuccess, text: t('events.empty') }}
        testIds={{ table: ids.table, empty: ids.empty }}
      />
      <BucketEventsSubscribeModal
        bucket={bucket}
        opened={subscribing}
        onClose={() => setSubscribing(false)}
      />
      <BucketEventsDeleteModal bucket={bucket} event={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
