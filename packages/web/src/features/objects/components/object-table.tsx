/**
 * The object list as a virtualised ARIA table: only the rows in view are in the DOM, so a prefix
 * of 100,000 entries scrolls as smoothly as one of ten (user needs #1). When the user scrolls near
 * the end of what is loaded, `onNeedMore` asks for the next page. Columns: select, Name, Last
 * Modified, Size, actions (download for files, delete).
 */
import { ActionIcon, Anchor, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconFolder, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { TEST_IDS } from '../../../selectors.js';
import type { BucketObject } from '../../../shared/api/types.js';
import { browserPath, displayName, isFolder } from '../api/object-paths.js';
import { FolderZipAction } from './folder-zip-action.js';

/** Spec 1 §9: 40 px rows and header. */
const ROW_HEIGHT = 40;
/** Ask for the next page when fewer than this many loaded rows remain below the view. */
const PREFETCH_ROWS = 200;
const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: '44px minmax(0, 1fr) 210px 110px 92px',
  alignItems: 'center',
  height: ROW_HEIGHT,
  borderBottom: '1px solid var(--mantine-color-default-border)',
  paddingInline: 8,
};

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
  const { bucket, entries, selected, hasMore, loadingMore, onNeedMore } = props;
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= entries.length - PREFETCH_ROWS) onNeedMore();
  }, [hasMore, loadingMore, lastIndex, entries.length, onNeedMore]);

  const allSelected = entries.length > 0 && entries.every((e) => selected.has(e.name));
  const someSelected = !allSelected && entries.some((e) => selected.has(e.name));

  return (
    <div
      role="table"
      aria-label={t('table.label')}
      aria-rowcount={entries.length + 1}
      data-testid={TEST_IDS.objectBrowser.table}
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} style={{ ...GRID, fontWeight: 600, fontSize: 14 }}>
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
        </div>
      </div>
      <div
        role="rowgroup"
        ref={scrollRef}
        // As tall as its rows, up to what the window leaves: a short folder has no empty box, a long
        // one scrolls inside the table while the page header stays in view.
        style={{
          height: Math.max(entries.length, 1) * ROW_HEIGHT,
          maxHeight: 'max(320px, calc(100vh - 300px))',
          overflow: 'auto',
          contain: 'strict',
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const entry = entries[item.index];
            if (entry === undefined) return null;
            const folder = isFolder(entry.name);
            const name = displayName(entry.name);
            return (
              <div
                key={entry.name}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid={TEST_IDS.objectBrowser.row(entry.name)}
                style={{
                  ...GRID,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <div role="cell">
                  <Checkbox
                    aria-label={t('table.select', { name })}
                    checked={selected.has(entry.name)}
                    onChange={(e) => props.onToggle(entry.name, e.currentTarget.checked)}
                    data-testid={TEST_IDS.objectBrowser.select(entry.name)}
                  />
                </div>
                <div role="cell" style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    {folder ? (
                      <IconFolder size={18} aria-hidden="true" color="var(--mantine-color-yellow-7)" />
                    ) : (
                      <IconFile size={18} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                    )}
                    <Anchor component={Link} to={browserPath(bucket, entry.name)} size="sm" truncate="end">
                      {name}
                    </Anchor>
                  </Group>
                </div>
                <div role="cell">
                  <Text size="sm">{folder ? '' : format.date(entry.last_modified)}</Text>
                </div>
                <div role="cell">
                  <Text size="sm">{folder ? '' : format.bytes(entry.size ?? 0)}</Text>
                </div>
                <div role="cell">
                  <Group gap={4} wrap="nowrap">
                    {folder && props.onDownloadFolder !== undefined && (
                      <FolderZipAction
                        name={name}
                        folderKey={entry.name}
                        onDownload={props.onDownloadFolder}
                      />
                    )}
                    {!folder && (
                      <Tooltip label={t('common:actions.download')}>
                        <ActionIcon
                          component="a"
                          href={props.downloadHref(entry)}
                          download={name}
                          variant="subtle"
                          aria-label={t('table.download', { name })}
                          onClick={() => props.onDownload(entry)}
                          data-testid={TEST_IDS.objectBrowser.download(entry.name)}
                        >
                          <IconDownload size={16} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label={t('common:actions.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('table.delete', { name })}
                        onClick={() => props.onDelete(entry.name)}
                        disabled={!props.canDelete}
                        data-testid={TEST_IDS.objectBrowser.delete(entry.name)}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
