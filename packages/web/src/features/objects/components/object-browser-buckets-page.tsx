/**
 * /object-browser (spec 2 §2): the breadcrumb 'All Buckets', 'Search Buckets', Refresh, the Create
 * Bucket action handed in by the app, and a table of Name and Used Space whose rows open the bucket.
 */
import { Anchor, Button, Table, Text } from '@mantine/core';
import { IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useBuckets } from '../../../shared/api/list-buckets.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { SearchBox, matching } from '../../../shared/components/search-box.js';
import { browserPath } from '../api/object-paths.js';
import { ObjectBreadcrumb } from './object-breadcrumb.js';

export function ObjectBrowserBucketsPage({ createBucketAction }: { createBucketAction?: ReactNode }) {
  const { t } = useTranslation(['objects', 'common', 'buckets']);
  const format = useFormat();
  const buckets = useBuckets();
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => matching(buckets.data ?? [], filter, (b) => b.name), [buckets.data, filter]);
  return (
    <div data-testid={OBJECTS_TEST_IDS.objectBrowser.bucketsScreen}>
      <PageHeader
        title={t('title')}
        breadcrumb={<ObjectBreadcrumb path="" />}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => void buckets.refetch()}
              loading={buckets.isFetching}
              data-testid={OBJECTS_TEST_IDS.objectBrowser.refreshBuckets}
            >
              {t('common:actions.refresh')}
            </Button>
            {createBucketAction}
          </>
        }
      />
      <SearchBox
        placeholder={t('searchBuckets')}
        value={filter}
        onChange={setFilter}
        testId={OBJECTS_TEST_IDS.objectBrowser.bucketSearch}
      />
      <Table highlightOnHover withTableBorder verticalSpacing={0}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{t('common:table.name')}</Table.Th>
            <Table.Th>{t('usedSpace')}</Table.Th>
            <Table.Th w={80}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((bucket) => (
            <Table.Tr
              key={bucket.name}
              h={40}
              data-testid={OBJECTS_TEST_IDS.objectBrowser.bucketRow(bucket.name)}
            >
              <Table.Td>
                <Anchor component={Link} to={browserPath(bucket.name)}>
                  {bucket.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {/* No figure is not zero: a server without usage data (plain S3) or a scan not done yet. */}
                {bucket.size === undefined ? t('buckets:anyServer.sizeUnknown') : format.bytes(bucket.size)}
              </Table.Td>
              <Table.Td>
                <RowAction
                  tooltip={t('common:actions.view')}
                  label={t('viewBucket', { name: bucket.name })}
                  icon={IconChevronRight}
                  to={browserPath(bucket.name)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {buckets.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md">
          {filter.trim() === '' ? t('noBuckets') : t('noBucketMatch')}
        </Text>
      )}
    </div>
  );
}
