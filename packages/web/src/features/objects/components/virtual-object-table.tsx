/**
 * The frame both object lists share — the normal list (`object-table.tsx`) and the rewind list
 * (`rewind-table.tsx`): a virtualised ARIA table whose rows are a CSS grid, so only the rows in
 * view are in the DOM and a prefix of 100,000 entries scrolls as smoothly as one of ten (user
 * needs #1). When the user scrolls near the end of what is loaded, `onNeedMore` asks for the next
 * page. Also the Name cell and the download action both lists draw the same way.
 */
import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconFileOff, IconFolder } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserPath, displayName, isFolder } from '../api/object-paths.js';

/** Spec 1 §9: 40 px rows and header. */
const ROW_HEIGHT = 40;
/** Ask for the next page when fewer than this many loaded rows remain below the view. */
const PREFETCH_ROWS = 200;

export interface VirtualObjectTableProps<E extends { name: string }> {
  /** The table's accessible name. */
  label: string;
  testId: string;
  /** The grid's `grid-template-columns`, one track per header cell. */
  columns: string;
  /** The header's `columnheader` cells. */
  header: ReactNode;
  entries: readonly E[];
  hasMore: boolean;
  loadingMore: boolean;
  onNeedMore: () => void;
  rowTestId: (key: string) => string;
  /** A row's `cell`s. */
  cells: (entry: E) => ReactNode;
}

export function VirtualObjectTable<E extends { name: string }>(props: VirtualObjectTableProps<E>) {
  const { entries, hasMore, loadingMore, onNeedMore } = props;
  const grid: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: props.columns,
    alignItems: 'center',
    height: ROW_HEIGHT,
    borderBottom: '1px solid var(--mantine-color-default-border)',
    paddingInline: 8,
  };
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
    <div role="table" aria-label={props.label} aria-rowcount={entries.length + 1} data-testid={props.testId}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} style={{ ...grid, fontWeight: 600, fontSize: 14 }}>
          {props.header}
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
            return (
              <div
                key={entry.name}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid={props.rowTestId(entry.name)}
                style={{
                  ...grid,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                {props.cells(entry)}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * The Name cell: the folder's or file's icon (a crossed-out file for one `deleted` at the rewind
 * date) and the name, linking to the entry in the object browser.
 */
export function ObjectNameCell({
  bucket,
  objectKey,
  deleted = false,
}: {
  bucket: string;
  objectKey: string;
  deleted?: boolean;
}) {
  return (
    <div role="cell" style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        {isFolder(objectKey) ? (
          <IconFolder size={18} aria-hidden="true" color="var(--mantine-color-yellow-7)" />
        ) : deleted ? (
          <IconFileOff size={18} aria-hidden="true" color="var(--mantine-color-dimmed)" />
        ) : (
          <IconFile size={18} aria-hidden="true" color="var(--mantine-color-dimmed)" />
        )}
        <Anchor component={Link} to={browserPath(bucket, objectKey)} size="sm" truncate="end">
          {displayName(objectKey)}
        </Anchor>
      </Group>
    </div>
  );
}

/**
 * A file row's download: a link to `href` saved as `name`, reporting the click to `onDownload`;
 * without `href` (nothing to download) a disabled button. `label` is its accessible name.
 */
export function DownloadAction({
  name,
  label,
  testId,
  href,
  onDownload,
}: {
  name: string;
  label: string;
  testId: string;
  href: string | undefined;
  onDownload: () => void;
}) {
  const { t } = useTranslation(['common']);
  return (
    <Tooltip label={t('common:actions.download')}>
      {href === undefined ? (
        <ActionIcon variant="subtle" disabled aria-label={label} data-testid={testId}>
          <IconDownload size={16} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <ActionIcon
          component="a"
          href={href}
          download={name}
          variant="subtle"
          aria-label={label}
          onClick={onDownload}
          data-testid={testId}
        >
          <IconDownload size={16} aria-hidden="true" />
        </ActionIcon>
      )}
    </Tooltip>
  );
}
