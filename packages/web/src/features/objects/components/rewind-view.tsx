/**
 * What the object browser shows in rewind mode in place of the list (spec 2 §2, §4): 'Loading...'
 * with the slow-operation notices, a refusal or failure in words, else the rewind table and its
 * count — the folder's entries as of the chosen date.
 */
import { Alert, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { toApiError } from '../../../lib/api-error.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { downloadUrl } from '../api/download-object.js';
import { foldersFirst } from '../api/object-paths.js';
import { useRewindList, type RewindObject } from '../api/rewind-objects.js';
import { RewindTable } from './rewind-table.js';
import { loadingMessage, useElapsedSeconds } from './slow-notice.js';

export interface RewindViewProps {
  bucket: string;
  prefix: string;
  date: string;
  /** Filters the loaded rows by name (the page's 'Search Objects'). */
  search: string;
  onDownload: (entry: RewindObject) => void;
}

export function RewindView({ bucket, prefix, date, search, onDownload }: RewindViewProps) {
  const { t } = useTranslation('objects');
  const format = useFormat();
  const client = useApiClient();
  const list = useRewindList(bucket, prefix, date, true);
  const elapsed = useElapsedSeconds(list.isPending);
  const entries = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = (list.data?.pages ?? []).flatMap((p) => p.objects).filter((o) => o.name !== prefix);
    return foldersFirst(
      needle === '' ? all : all.filter((o) => o.name.slice(prefix.length).toLowerCase().includes(needle)),
    );
  }, [list.data, prefix, search]);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const hrefOf = useCallback(
    (entry: RewindObject) => downloadUrl(client, bucket, entry.name, entry.version_id),
    [client, bucket],
  );

  if (list.isPending) {
    return (
      <Text role="status" data-testid={OBJECTS_TEST_IDS.objectBrowser.loading}>
        {loadingMessage(elapsed, t)}
      </Text>
    );
  }
  if (list.isError) {
    const error = toApiError(list.error);
    return (
      <Alert color="red" role="alert" data-testid={OBJECTS_TEST_IDS.rewind.error}>
        {error.status === 403 || error.code === 'access_denied'
          ? t('accessDenied')
          : t('listFailed', { message: error.message })}
      </Alert>
    );
  }
  return (
    <>
      <RewindTable
        bucket={bucket}
        dateLabel={format.date(date)}
        entries={entries}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onNeedMore={loadMore}
        downloadHref={hrefOf}
        onDownload={onDownload}
      />
      <Text size="sm" c="dimmed" mt="xs" role="status" data-testid={OBJECTS_TEST_IDS.rewind.empty}>
        {entries.length === 0
          ? t('rewind.empty')
          : t('rewind.entries', { count: entries.length, more: list.hasNextPage ? '+' : '' })}
      </Text>
    </>
  );
}
