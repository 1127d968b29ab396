/**
 * The object list in rewind mode (spec 2 §2): columns Name, Object Date, Size, Deleted (Yes/No)
 * and the row actions — download (of the version of that date; disabled for entries deleted
 * then) and delete (always disabled in rewind mode). Virtualised like the normal list: only the
 * rows in view are in the DOM, and the next page is asked for near the end of what is loaded.
 */
import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconFileOff, IconFolder, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { TEST_IDS } from '../../../selectors.js';
import type { RewindObject } from '../api/rewind-objects.js';
import { browserPath, displayName, isFolder } from '../api/object-paths.js';

const ROW_HEIGHT = 40;
const PREFETCH_ROWS = 200;
const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 210px 110px 90px 92px',
  alignItems: 'center',
  height: ROW_HEIGHT,
  borderBottom: '1px solid var(--mantine-color-default-border)',
  paddingInline: 8,
};
const ids = TEST_IDS.rewind;

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
  const { bucket, entries, hasMore, loadingMore, onNeedMore } = props;
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

  return (
    <div
      role="table"
      aria-label={t('rewind.tableLabel', { date: props.dateLabel })}
      aria-rowcount={entries.length + 1}
      data-testid={ids.table}
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} style={{ ...GRID, fontWeight: 600, fontSize: 14 }}>
          <div role="columnheader">{t('common:table.name')}</div>
          <div role="columnheader">{t('rewind.objectDate')}</div>
          <div role="columnheader">{t('table.size')}</div>
          <div role="columnheader">{t('rewind.deleted')}</div>
          <div role="columnheader">
            <span className="visually-hidden">{t('common:table.actions')}</span>
          </div>
        </div>
      </div>
      <div
        role="rowgroup"
        ref={scrollRef}
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
            const deleted = entry.delete_flag === true;
            const name = displayName(entry.name);
            return (
              <div
                key={entry.name}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid={ids.row(entry.name)}
                style={{
                  ...GRID,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <div role="cell" style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    {folder ? (
                      <IconFolder size={18} aria-hidden="true" color="var(--mantine-color-yellow-7)" />
                    ) : deleted ? (
                      <IconFileOff size={18} aria-hidden="true" color="var(--mantine-color-dimmed)" />
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
                      <Tooltip label={t('common:actions.download')}>
                        {deleted ? (
                          <ActionIcon
                            variant="subtle"
                            disabled
                            aria-label={t('rewind.download', { name })}
                            data-testid={ids.download(entry.name)}
                          >
                            <IconDownload size={16} aria-hidden="true" />
                          </ActionIcon>
                        ) : (
                          <ActionIcon
                            component="a"
                            href={props.downloadHref(entry)}
                            download={name}
                            variant="subtle"
                            aria-label={t('rewind.download', { name })}
                            onClick={() => props.onDownload(entry)}
                            data-testid={ids.download(entry.name)}
                          >
                            <IconDownload size={16} aria-hidden="true" />
                          </ActionIcon>
                        )}
                      </Tooltip>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('table.delete', { name })}
                      disabled
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
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
