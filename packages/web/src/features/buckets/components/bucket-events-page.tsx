/**
 * /buckets/{bucketName}/events — the Events tab (spec 1 §2, §3 "Event subscription"): the bucket's
 * subscriptions in a table (SQS, Events, Prefix, Suffix) with a delete action each, and 'Subscribe
 * to Event', which opens Subscribe To Event.
 */
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import type { BucketEvent } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { useBucketEvents } from '../api/bucket-events.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { BucketEventsDeleteModal } from './bucket-events-delete-modal.js';
import { BucketEventsSubscribeModal } from './bucket-events-subscribe-modal.js';

const ids = TEST_IDS.bucketEvents;

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
      <Group justify="flex-end" mb="md">
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setSubscribing(true)}
          data-testid={ids.subscribe}
        >
          {t('events.subscribe')}
        </Button>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{t('events.sqs')}</Table.Th>
            <Table.Th>{t('events.events')}</Table.Th>
            <Table.Th>{t('events.prefix')}</Table.Th>
            <Table.Th>{t('events.suffix')}</Table.Th>
            <Table.Th w={60}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((event, index) => (
            <Table.Tr key={`${event.id}-${index}`} h={40} data-testid={ids.row(index)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.arn}</Table.Td>
              <Table.Td>{event.events.join(', ')}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.prefix}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.suffix}</Table.Td>
              <Table.Td>
                <RowAction
                  tooltip={t('common:actions.delete')}
                  label={t('events.deleteLabel', { arn: event.arn })}
                  icon={IconTrash}
                  danger
                  onClick={() => setDeleting(event)}
                  testId={ids.delete(index)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {events.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          {t('events.empty')}
        </Text>
      )}
      <BucketEventsSubscribeModal
        bucket={bucket}
        opened={subscribing}
        onClose={() => setSubscribing(false)}
      />
      <BucketEventsDeleteModal bucket={bucket} event={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
