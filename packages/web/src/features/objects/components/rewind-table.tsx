/**
 * The object list in rewind mode (spec 2 §2; a `VirtualObjectTable` like the normal list): columns
 * Name, Object Date, Size, Deleted (Yes/No) and the row actions — download (of the version of that
 * date; disabled for entries deleted then) and delete (always disabled in rewind mode).
 */
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import type { RewindObject } from '../api/rewind-objects.js';
import { displayName, isFolder } from '../api/object-paths.js';
import { DownloadAction, ObjectNameCell, VirtualObjectTable } from './virtual-object-table.js';

const ids = OBJECTS_TEST_IDS.rewind;

export interface RewindTableProps {
  bucket: string;
  /** The date shown, already formatted for the table's label. */
  dateLabel: string;
  entries: readonly RewindObject[];
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  downloadHref: (entry: RewindObject) => string;
  onDownload: (entry: RewindObject) => void;
}

export function RewindTable(props: RewindTableProps) {
  const { bucket } = props;
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();

  return (
    <VirtualObjectTable
      label={t('rewind.tableLabel', { date: props.dateLabel })}
      testId={ids.table}
      columns="minmax(0, 1fr) 210px 110px 90px 92px"
      entries={props.entries}
      hasMore={props.hasMore}
      loadingMore={props.loadingMore}
      onNeedMore={props.onNeedMore}
      rowTestId={ids.row}
      header={
        <>
          <div role="columnheader">{t('common:table.name')}</div>
          <div role="columnheader">{t('rewind.objectDate')}</div>
          <div role="columnheader">{t('table.size')}</div>
          <div role="columnheader">{t('rewind.deleted')}</div>
          <div role="columnheader">
            <span className="visually-hidden">{t('common:table.actions')}</span>
          </div>
        </>
      }
      cells={(entry) => {
        const folder = isFolder(entry.name);
        const deleted = entry.delete_flag === true;
        const name = displayName(entry.name);
        return (
          <>
            <ObjectNameCell bucket={bucket} objectKey={entry.name} deleted={deleted} />
            <div role="cell">
              <Text size="sm">{folder ? '' : format.date(entry.last_modified)}</Text>
            </div>
            <div role="cell">
              <Text size="sm">{folder || deleted ? '' : format.bytes(entry.size ?? 0)}</Text>
            </div>
            <div role="cell">
              <Text size="sm" data-testid={folder ? undefined : ids.deleted(entry.name)}>
                {folder ? '' : deleted ? t('rewind.yes') : t('rewind.no')}
              </Text>
            </div>
            <div role="cell">
              <Group gap={4} wrap="nowrap">
                {!folder && (
                  <DownloadAction
                    name={name}
                    label={t('rewind.download', { name })}
                    testId={ids.download(entry.name)}
                    href={deleted ? undefined : props.downloadHref(entry)}
                    onDownload={() => props.onDownload(entry)}
                  />
                )}
                <ActionIcon variant="subtle" color="red.9" aria-label={t('table.delete', { name })} disabled>
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </div>
          </>
        );
      }}
    />
  );
}
