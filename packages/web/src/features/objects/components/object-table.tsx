/**
 * The object list (a `VirtualObjectTable`): columns select, Name, Last Modified, Size, actions
 * (the ZIP download for folders, download for files, delete).
 */
import { ActionIcon, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import type { BucketObject } from '../../../shared/api/types.js';
import { displayName, isFolder } from '../api/object-paths.js';
import { FolderZipAction } from './folder-zip-action.js';
import { DownloadAction, ObjectNameCell, VirtualObjectTable } from './virtual-object-table.js';

export interface ObjectTableProps {
  bucket: string;
  entries: readonly BucketObject[];
  selected: ReadonlySet<string>;
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  onToggle: (key: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onDelete: (key: string) => void;
  /** Whether the account may delete here; each row's delete action is disabled otherwise. */
  canDelete: boolean;
  downloadHref: (entry: BucketObject) => string;
  onDownload: (entry: BucketObject) => void;
  /** A folder row's download: the folder as a ZIP. */
  onDownloadFolder?: (key: string) => void;
}

export function ObjectTable(props: ObjectTableProps) {
  const { bucket, entries, selected } = props;
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();
  const allSelected = entries.length > 0 && entries.every((e) => selected.has(e.name));
  const someSelected = !allSelected && entries.some((e) => selected.has(e.name));

  return (
    <VirtualObjectTable
      label={t('table.label')}
      testId={OBJECTS_TEST_IDS.objectBrowser.table}
      columns="44px minmax(0, 1fr) 210px 110px 92px"
      entries={entries}
      hasMore={props.hasMore}
      loadingMore={props.loadingMore}
      onNeedMore={props.onNeedMore}
      rowTestId={OBJECTS_TEST_IDS.objectBrowser.row}
      header={
        <>
          <div role="columnheader">
            <Checkbox
              aria-label={t('table.selectAll')}
              checked={allSelected}
              indeterminate={someSelected}
              onChange={(e) => props.onToggleAll(e.currentTarget.checked)}
            />
          </div>
          <div role="columnheader">{t('common:table.name')}</div>
          <div role="columnheader">{t('table.lastModified')}</div>
          <div role="columnheader">{t('table.size')}</div>
          <div role="columnheader">
            <span className="visually-hidden">{t('common:table.actions')}</span>
          </div>
        </>
      }
      cells={(entry) => {
        const folder = isFolder(entry.name);
        const name = displayName(entry.name);
        return (
          <>
            <div role="cell">
              <Checkbox
                aria-label={t('table.select', { name })}
                checked={selected.has(entry.name)}
                onChange={(e) => props.onToggle(entry.name, e.currentTarget.checked)}
                data-testid={OBJECTS_TEST_IDS.objectBrowser.select(entry.name)}
              />
            </div>
            <ObjectNameCell bucket={bucket} objectKey={entry.name} />
            <div role="cell">
              <Text size="sm">{folder ? '' : format.date(entry.last_modified)}</Text>
            </div>
            <div role="cell">
              <Text size="sm">{folder ? '' : format.bytes(entry.size ?? 0)}</Text>
            </div>
            <div role="cell">
              <Group gap={4} wrap="nowrap">
                {folder && props.onDownloadFolder !== undefined && (
                  <FolderZipAction name={name} folderKey={entry.name} onDownload={props.onDownloadFolder} />
                )}
                {!folder && (
                  <DownloadAction
                    name={name}
                    label={t('table.download', { name })}
                    testId={OBJECTS_TEST_IDS.objectBrowser.download(entry.name)}
                    href={props.downloadHref(entry)}
                    onDownload={() => props.onDownload(entry)}
                  />
                )}
                <Tooltip label={t('common:actions.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('table.delete', { name })}
                    onClick={() => props.onDelete(entry.name)}
                    disabled={!props.canDelete}
                    data-testid={OBJECTS_TEST_IDS.objectBrowser.delete(entry.name)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </div>
          </>
        );
      }}
    />
  );
}
