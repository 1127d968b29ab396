/**
 * The Watch page (spec 2 §2 Watch, §4 Watch, §7 `/ws/watch/{bucket}`): Bucket, Prefix and Suffix,
 * Start; the bucket's object changes arrive live in a table (Time, Size, Type, Path), newest
 * first, 'No Changes at this time' while there are none. Start opens the stream only for a bucket
 * of the list (otherwise it stays idle); the inputs are disabled while it runs; each start clears
 * the table; the stream closing returns to idle (with a notice when it ended in an error). The
 * socket, its keep-alive and its closing on leaving the page come from the one stream hook.
 */
import { Alert, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { WATCH_TEST_IDS } from '../test-ids.js';
import { useBuckets } from '../../../shared/api/list-buckets.js';
import { useStream } from '../../../shared/api/use-stream.js';
import { PageHeader } from '../../../shared/components/page-header.js';

const ids = WATCH_TEST_IDS.watch;

export function WatchPage() {
  const { t } = useTranslation('watch');
  const format = useFormat();
  const buckets = useBuckets();
  const names = buckets.data?.map((b) => b.name) ?? [];
  const [bucket, setBucket] = useState<string | null>(null);
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const watch = useStream(STREAM_ENDPOINTS.watchBucket);
  const running = watch.state === 'connecting' || watch.state === 'open';
  const selected = bucket !== null && names.includes(bucket) ? bucket : null;

  const start = () => {
    // Spec 2 §4/§5: Watch will not start for a bucket not in the list.
    if (selected === null) return;
    watch.start({ params: { bucket: selected }, query: { prefix, suffix } });
  };
  const rows = [...watch.messages].reverse();

  return (
    <div data-testid={ids.screen}>
      <PageHeader title={t('title')} />
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Select
          label={t('bucket')}
          placeholder={t('selectBucket')}
          data={names}
          value={bucket}
          onChange={setBucket}
          searchable
          disabled={running}
          w={240}
          data-testid={ids.bucket}
        />
        <TextInput
          label={t('prefix')}
          value={prefix}
          onChange={(e) => setPrefix(e.currentTarget.value)}
          disabled={running}
          data-testid={ids.prefix}
        />
        <TextInput
          label={t('suffix')}
          value={suffix}
          onChange={(e) => setSuffix(e.currentTarget.value)}
          disabled={running}
          data-testid={ids.suffix}
        />
        {running ? (
          <Button
            color="red.9"
            leftSection={<IconPlayerStop size={16} aria-hidden="true" />}
            onClick={watch.stop}
            data-testid={ids.stop}
          >
            {t('stop')}
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            onClick={start}
            disabled={selected === null}
            data-testid={ids.start}
          >
            {t('start')}
          </Button>
        )}
      </Group>
      {watch.state === 'failed' && (
        <Alert color="red" mb="md" data-testid={ids.failed}>
          {watch.closeReason ? t('failed', { reason: watch.closeReason }) : t('failedNoReason')}
        </Alert>
      )}
      <Table withTableBorder highlightOnHover data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.size')}</Table.Th>
            <Table.Th>{t('columns.type')}</Table.Th>
            <Table.Th>{t('columns.path')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((event, index) => (
            <Table.Tr key={rows.length - index} data-testid={ids.row}>
              <Table.Td>{format.date(event.time)}</Table.Td>
              <Table.Td>{format.bytes(event.size)}</Table.Td>
              <Table.Td>{event.type}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{event.path}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" data-testid={ids.empty}>
          {t('empty')}
        </Text>
      )}
    </div>
  );
}
