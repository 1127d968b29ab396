/**
 * /object-browser/{bucket}/{path…} (spec 2 §2, §4): the breadcrumb, 'Search Objects', Refresh,
 * Delete Selected, Create Folder and Upload, then the list of the path's folders and files.
 *
 * The list is an infinite query read page by page as the user scrolls. 'Search Objects' filters the
 * loaded rows when the whole level is loaded, and otherwise asks the server to search the entire
 * level (debounced). While the first page loads, 'Loading...' turns into the slow-operation notices.
 * A path that lists nothing is checked once more: it is either a file (shown with its actions) or
 * an empty folder. A listing the server refuses says so ('access denied'), never 'This folder is
 * empty.'. Upload, Create Folder, Delete Selected and the rows' and file's Delete follow the
 * account's permissions under the path (object-permissions.ts): disabled where the server would
 * refuse them.
 */
import { Alert, Button, FileButton, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFolderPlus, IconRefresh, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toApiError } from '../../../lib/api-error.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import type { BucketObject } from '../../../shared/api/types.js';
import { useNotify } from '../../../shared/components/notify.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { LARGE_DOWNLOAD_BYTES, downloadUrl } from '../api/download-object.js';
import { useFindObject, useObjectList } from '../api/list-objects.js';
import { useObjectPermissions } from '../api/object-permissions.js';
import { browserPath, displayName, foldersFirst, parentPrefix, prefixOf } from '../api/object-paths.js';
import { itemsOf, useUploads } from '../api/upload-objects.js';
import { AddFolderModal } from './add-folder-modal.js';
import { DeleteObjectsModal } from './delete-objects-modal.js';
import { ObjectBreadcrumb } from './object-breadcrumb.js';
import { ObjectDetails } from './object-details/object-details.js';
import { ObjectTable } from './object-table.js';
import { RewindButton } from './rewind-button.js';
import { RewindLabel } from './rewind-label.js';
import { RewindView } from './rewind-view.js';
import { useRewind } from './use-rewind.js';
import { loadingMessage, useElapsedSeconds } from './slow-notice.js';
import { UploadFolderButton } from './upload-folder-button.js';
import { UploadsPanel } from './uploads-panel.js';
import { PathBar } from './path-bar.js';
import { ZipDownloadButton, useZipDownload } from './zip-download-button.js';
import { useUploadDrop } from './use-upload-drop.js';

/** Spec 2 §5: query-style searches are debounced by 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

export function ObjectBrowserPage() {
  const { t } = useTranslation(['objects', 'common']);
  const params = useParams();
  const bucket = params.bucket ?? '';
  const path = (params['*'] ?? '').replace(/\/+$/, '');
  const prefix = prefixOf(path);
  const navigate = useNavigate();
  const client = useApiClient();
  const notify = useNotify();

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<readonly string[] | null>(null);
  const [addFolderOpen, setAddFolderOpen] = useState(false);
  const { transfers, manager, start: startUpload } = useUploads();
  const resetUpload = useRef<() => void>(null);
  const rewind = useRewind(bucket);

  // The whole level, unfiltered; and, when it is too big to have been loaded, a server-side search.
  const level = useObjectList(bucket, prefix, '');
  const levelComplete = level.isSuccess && !level.hasNextPage;
  const serverSearch = debouncedSearch !== '' && !levelComplete ? debouncedSearch : '';
  const searched = useObjectList(bucket, prefix, serverSearch);
  const list = serverSearch === '' ? level : searched;
  const listError = list.isError ? toApiError(list.error) : null;
  const allowed = useObjectPermissions(bucket, prefix);
  const downloadFolder = useZipDownload(bucket, prefix);

  const entries = useMemo(() => {
    const all = (list.data?.pages ?? [])
      .flatMap((page) => page.objects ?? [])
      .filter((o) => o.name !== prefix);
    const needle = search.trim().toLowerCase();
    const filtered =
      needle === '' ? all : all.filter((o) => displayName(o.name).toLowerCase().includes(needle));
    return foldersFirst(filtered);
  }, [list.data, prefix, search]);

  const levelEmpty =
    level.isSuccess && (level.data.pages[0]?.objects ?? []).filter((o) => o.name !== prefix).length === 0;
  const file = useFindObject(bucket, path, levelEmpty && path !== '');
  const elapsed = useElapsedSeconds(list.isPending);

  const toggle = useCallback((key: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const hrefOf = useCallback(
    (entry: BucketObject) => downloadUrl(client, bucket, entry.name, entry.version_id),
    [client, bucket],
  );
  const handleDownload = useCallback(
    (entry: BucketObject) => {
      if ((entry.size ?? 0) > LARGE_DOWNLOAD_BYTES) notify.success(t('downloadStarted'));
    },
    [notify, t],
  );

  const refresh = () => {
    setSelected(new Set());
    void level.refetch();
    if (serverSearch !== '') void searched.refetch();
  };

  const fileObject = file.data ?? null;
  const title = path === '' ? bucket : displayName(path);
  const currentPath = `${bucket}/${prefix}`;
  const drop = useUploadDrop({
    // No uploads into the past: rewind mode shows the bucket as it was.
    enabled: allowed.put && !rewind.active,
    target: currentPath,
    onDrop: (items) => startUpload(bucket, prefix, items),
  });

  return (
    <div data-testid={OBJECTS_TEST_IDS.objectBrowser.screen} {...drop.props}>
      <PageHeader
        title={title}
        breadcrumb={
          <RewindLabel date={rewind.date}>{<ObjectBreadcrumb bucket={bucket} path={path} />}</RewindLabel>
        }
      />
      {fileObject !== null ? (
        <ObjectDetails
          bucket={bucket}
          object={fileObject}
          onDelete={() => setToDelete([fileObject.name])}
          canDelete={allowed.delete}
        />
      ) : (
        <>
          <PathBar bucket={bucket} prefix={prefix} />
          <Group justify="space-between" mb="md" gap="sm">
            <TextInput
              placeholder={t('search')}
              aria-label={t('search')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={360}
              maw="100%"
              data-testid={OBJECTS_TEST_IDS.objectBrowser.search}
            />
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden="true" />}
                onClick={refresh}
                disabled={rewind.active}
                data-testid={OBJECTS_TEST_IDS.objectBrowser.refresh}
              >
                {t('common:actions.refresh')}
              </Button>
              <RewindButton bucket={bucket} rewind={rewind} />
              <Button
                variant="default"
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                disabled={selected.size === 0 || !allowed.delete || rewind.active}
                onClick={() => setToDelete([...selected])}
                data-testid={OBJECTS_TEST_IDS.objectBrowser.deleteSelected}
              >
                {t('deleteSelected')}
              </Button>
              <ZipDownloadButton bucket={bucket} prefix={prefix} selected={selected} />
              <Button
                variant="default"
                leftSection={<IconFolderPlus size={16} aria-hidden="true" />}
                disabled={!allowed.put || rewind.active}
                onClick={() => setAddFolderOpen(true)}
                data-testid={OBJECTS_TEST_IDS.objectBrowser.createFolder}
              >
                {t('createFolder')}
              </Button>
              <UploadFolderButton
                disabled={!allowed.put || rewind.active}
                onFiles={(files) => startUpload(bucket, prefix, itemsOf(files))}
              />
              <FileButton
                multiple
                disabled={!allowed.put || rewind.active}
                resetRef={resetUpload}
                onChange={(files) => {
                  startUpload(bucket, prefix, itemsOf(files));
                  // Empty the input, so picking the same file again starts another upload.
                  resetUpload.current?.();
                }}
                // The hidden file input too, so nothing can pick files into a folder the account may not write.
                inputProps={
                  {
                    'data-testid': OBJECTS_TEST_IDS.objectBrowser.uploadInput,
                    disabled: !allowed.put || rewind.active,
                  } as Record<string, string | boolean>
                }
              >
                {(props) => (
                  <Button
                    {...props}
                    disabled={!allowed.put || rewind.active}
                    leftSection={<IconUpload size={16} aria-hidden="true" />}
                    data-testid={OBJECTS_TEST_IDS.objectBrowser.upload}
                  >
                    {t('upload')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Group>
          {drop.hint}
          <UploadsPanel transfers={transfers} manager={manager} />
          {rewind.active ? (
            <RewindView
              bucket={bucket}
              prefix={prefix}
              date={rewind.date}
              search={search}
              onDownload={handleDownload}
            />
          ) : list.isPending ? (
            <Text role="status" data-testid={OBJECTS_TEST_IDS.objectBrowser.loading}>
              {loadingMessage(elapsed, t)}
            </Text>
          ) : listError !== null ? (
            <Alert color="red" role="alert" data-testid={OBJECTS_TEST_IDS.objectBrowser.denied}>
              {listError.status === 403 || listError.code === 'access_denied'
                ? t('accessDenied')
                : t('listFailed', { message: listError.message })}
            </Alert>
          ) : (
            <>
              <ObjectTable
                bucket={bucket}
                entries={entries}
                selected={selected}
                hasMore={list.hasNextPage}
                loadingMore={list.isFetchingNextPage}
                onNeedMore={loadMore}
                onToggle={toggle}
                onToggleAll={(on) => setSelected(on ? new Set(entries.map((e) => e.name)) : new Set())}
                onDelete={(key) => setToDelete([key])}
                canDelete={allowed.delete}
                downloadHref={hrefOf}
                onDownload={handleDownload}
                onDownloadFolder={(key) => downloadFolder([key])}
              />
              <Text
                size="sm"
                c="dimmed"
                mt="xs"
                role="status"
                data-testid={OBJECTS_TEST_IDS.objectBrowser.empty}
              >
                {entries.length === 0
                  ? search.trim() !== ''
                    ? t('noMatch')
                    : file.isPending && levelEmpty && path !== ''
                      ? t('loading')
                      : t('folderEmpty')
                  : t(list.isFetchingNextPage ? 'entriesLoadingMore' : 'entries', {
                      count: entries.length,
                      more: list.hasNextPage ? '+' : '',
                    })}
              </Text>
            </>
          )}
        </>
      )}
      <AddFolderModal
        opened={addFolderOpen}
        currentPath={currentPath}
        onClose={() => setAddFolderOpen(false)}
        onSave={(folder) => void navigate(browserPath(bucket, `${prefix}${folder}/`))}
      />
      <DeleteObjectsModal
        bucket={bucket}
        keys={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(keys) => {
          setSelected((current) => new Set([...current].filter((k) => !keys.includes(k))));
          // Deleting the file this path shows returns to its folder.
          if (fileObject !== null && keys.includes(fileObject.name))
            void navigate(browserPath(bucket, parentPrefix(fileObject.name)));
        }}
      />
    </div>
  );
}
