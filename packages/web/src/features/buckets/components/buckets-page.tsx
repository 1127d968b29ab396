/**
 * /buckets (spec 1 §2): header 'Buckets', the 'Search Buckets' name filter, 'Set Replication'
 * (distributed setup only; disabled until a bucket is selected, opens the replication wizard), 'Create Bucket' (permission-gated), and the table with
 * Name, Creation Date and Size, a select box, a delete action and a click-through per row.
 */
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { useBuckets } from '../../../shared/api/list-buckets.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { SearchBox, matching } from '../../../shared/components/search-box.js';
import { useDistributedMode } from '../../../shared/session/session-context.js';
import { CreateBucketButton } from './create-bucket-button.js';
import { DeleteBucketModal } from './delete-bucket-modal.js';
import { SetReplicationModal } from './set-replication-modal.js';

/** Spec 1 §9: table rows and header are 40 px high. */
const ROW_HEIGHT = 40;

export function BucketsPage() {
  const { t } = useTranslation(['buckets', 'common']);
  const format = useFormat();
  const buckets = useBuckets();
  const navigate = useNavigate();
  // Replication exists only in a distributed setup (spec 1 §1, §6).
  const distributed = useDistributedMode();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [replicationOpen, setReplicationOpen] = useState(false);

  const rows = useMemo(() => matching(buckets.data ?? [], filter, (b) => b.name), [buckets.data, filter]);
  const allSelected = rows.length > 0 && rows.every((b) => selected.has(b.name));

  const toggle = (name: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const handleRowClick = (event: MouseEvent, name: string) => {
    // Clicks on the row's own controls do their own thing.
    if ((event.target as HTMLElement).closest('button, a, input, label') !== null) return;
    void navigate(`/buckets/${encodeURIComponent(name)}`);
  };

  return (
    <div data-testid={BUCKETS_TEST_IDS.buckets.screen}>
      <PageHeader
        title={t('title')}
        actions={
          <>
            {distributed && (
              <Button
                variant="default"
                disabled={selected.size === 0}
                onClick={() => setReplicationOpen(true)}
                data-testid={BUCKETS_TEST_IDS.buckets.setReplication}
              >
                {t('setReplication')}
              </Button>
            )}
            <CreateBucketButton />
          </>
        }
      />
      <SearchBox
        placeholder={t('search')}
        value={filter}
        onChange={setFilter}
        testId={BUCKETS_TEST_IDS.buckets.search}
      />
      <Table
        highlightOnHover
        withTableBorder
        verticalSpacing={0}
        data-testid={BUCKETS_TEST_IDS.buckets.table}
      >
        <Table.Thead>
          <Table.Tr h={ROW_HEIGHT}>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('selectAll')}
                checked={allSelected}
                indeterminate={!allSelected && rows.some((b) => selected.has(b.name))}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected(on ? new Set(rows.map((b) => b.name)) : new Set());
                }}
              />
            </Table.Th>
            <Table.Th>{t('common:table.name')}</Table.Th>
            <Table.Th>{t('creationDate')}</Table.Th>
            <Table.Th>{t('size')}</Table.Th>
            <Table.Th w={80}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((bucket) => (
            <Table.Tr
              key={bucket.name}
              h={ROW_HEIGHT}
              style={{ cursor: 'pointer' }}
              onClick={(e) => handleRowClick(e, bucket.name)}
              data-testid={BUCKETS_TEST_IDS.buckets.row(bucket.name)}
            >
              <Table.Td>
                <Checkbox
                  aria-label={t('selectBucket', { name: bucket.name })}
                  checked={selected.has(bucket.name)}
                  onChange={(e) => toggle(bucket.name, e.currentTarget.checked)}
                  data-testid={BUCKETS_TEST_IDS.buckets.select(bucket.name)}
                />
              </Table.Td>
              <Table.Td>
                <Link to={`/buckets/${encodeURIComponent(bucket.name)}`}>{bucket.name}</Link>
              </Table.Td>
              <Table.Td>{format.date(bucket.creation_date)}</Table.Td>
              <Table.Td data-testid={BUCKETS_TEST_IDS.buckets.size(bucket.name)}>
                {/* No figure is not zero: a server without usage data (plain S3) or a scan not done yet. */}
                {bucket.size === undefined ? t('anyServer.sizeUnknown') : format.bytes(bucket.size)}
              </Table.Td>
              <Table.Td>
                <RowAction
                  tooltip={t('common:actions.delete')}
                  label={t('deleteBucketLabel', { name: bucket.name })}
                  icon={IconTrash}
                  danger
                  onClick={() => setToDelete(bucket.name)}
                  testId={BUCKETS_TEST_IDS.buckets.delete(bucket.name)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {buckets.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md">
          {filter.trim() === '' ? t('empty') : t('noMatch')}
        </Text>
      )}
      <Group>
        <DeleteBucketModal
          bucket={toDelete}
          onClose={() => setToDelete(null)}
          onDeleted={(name) => toggle(name, false)}
        />
        <SetReplicationModal
          buckets={[...selected]}
          opened={replicationOpen}
          onClose={() => setReplicationOpen(false)}
        />
      </Group>
    </div>
  );
}
