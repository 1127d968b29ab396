/**
 * Drag-and-drop uploads over the object browser's listing (issue 9 §4): files and whole folders
 * dropped on the object browser go to the current path with their relative paths kept
 * (`dropped-files.ts`). While something is dragged over it, the screen is outlined and a hint says
 * where the drop will go; without write permission it accepts nothing.
 */
import { Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { DragEvent, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useNotify } from '../../../shared/components/notify.js';
import { dropSources, filesOfEntries } from '../api/dropped-files.js';
import type { UploadItem } from '../api/transfer-manager.js';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Handlers and look for the element files may be dropped on (spread `props` on it) and the hint
 * to show while something is dragged over it.
 */
export function useUploadDrop({
  enabled,
  target,
  onDrop,
}: {
  enabled: boolean;
  /** bucket/prefix, for the hint. */
  target: string;
  onDrop: (items: UploadItem[]) => void;
}): { props: HTMLAttributes<HTMLDivElement> & { 'data-drag-over'?: string }; hint: ReactNode } {
  const { t } = useTranslation('objects');
  const notify = useNotify();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    // Writing may have become allowed after the drag entered (permissions still loading then).
    if (!over) setOver(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const handleDrop = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const { entries, files } = dropSources(event.dataTransfer);
    if (entries.length === 0) {
      onDrop(files.map((file) => ({ file, path: file.name })));
      return;
    }
    void filesOfEntries(entries).then(({ items, unreadable }) => {
      if (unreadable > 0) notify.error({ message: t('transfers.dropRead') });
      if (items.length > 0) onDrop(items);
    });
  };

  return {
    props: {
      onDragEnter,
      onDragOver,
      onDragLeave,
      onDrop: handleDrop,
      ...(over
        ? {
            'data-drag-over': 'true',
            style: { outline: '2px dashed var(--mantine-color-indigo-7)', outlineOffset: 4 },
          }
        : {}),
    },
    hint: over ? (
      <Text
        size="sm"
        fw={500}
        c="indigo.8"
        mb="xs"
        role="status"
        data-testid={OBJECTS_TEST_IDS.transfers.dropZone}
      >
        {t('transfers.dropHint', { target })}
      </Text>
    ) : null,
  };
}
