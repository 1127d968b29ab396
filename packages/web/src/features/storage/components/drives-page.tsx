/**
 * Storage → Drives (spec 3 §2, §4): the direct-csi drives with a search by drive (substring), a
 * refresh button, checkbox selection, 'Format Selected Drives' (enabled only with a selection),
 * 'Format All Drives' and a format action per row; the columns Drive, Capacity, Allocated, Volumes,
 * Node and Status. After a format the list reloads and the selection clears; issues open Format
 * Errors. When the drives call fails, direct-csi is not installed: that notice with a link to the
 * project replaces the list (spec 3 §8).
 */
import { Alert, Anchor, Button } from '@mantine/core';
import { IconEraser, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/units.js';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useNotify } from '../../../shared/components/notify.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { driveKey, useDrives } from '../api/storage.js';
import type { FormatIssue } from '../api/storage.js';
import { FormatDrivesModal } from './format-drives-modal.js';
import { FormatErrorsModal } from './format-errors-modal.js';
import { StorageFrame } from './storage-frame.js';

const ids = OPERATOR_TEST_IDS.drives;

export const DIRECT_CSI_URL = 'https://github.com/minio/direct-csi';

export function DrivesPage() {
  const { t, i18n } = useTranslation(['storage', 'common']);
  const drives = useDrives();
  const notify = useNotify();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toFormat, setToFormat] = useState<string[] | null>(null);
  const [issues, setIssues] = useState<FormatIssue[] | null>(null);
  const all = (drives.data ?? []).map(driveKey);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const refresh = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden="true" />}
      onClick={() => void drives.refetch()}
      loading={drives.isFetching}
      data-testid={ids.refresh}
    >
      {t('driveList.refresh')}
    </Button>
  );

  if (drives.isError)
    return (
      <StorageFrame>
        <div data-testid={ids.screen}>
          <Alert color="gray" role="status" title={t('drives')} data-testid={ids.notInstalled}>
            {t('driveList.notInstalled')}{' '}
            <Anchor href={DIRECT_CSI_URL} target="_blank" rel="noopener noreferrer">
              {t('driveList.projectLink')}
            </Anchor>
          </Alert>
        </div>
      </StorageFrame>
    );

  return (
    <StorageFrame>
      <ResourceListPage
        title={t('drives')}
        headingLevel={2}
        headerActions={
          <>
            {refresh}
            <Button
              variant="default"
              disabled={selected.size === 0}
              onClick={() => setToFormat([...selected].sort())}
              data-testid={ids.formatSelected}
            >
              {t('driveList.formatSelected')}
            </Button>
            <Button
              color="red.9"
              disabled={all.length === 0}
              onClick={() => setToFormat(all)}
              data-testid={ids.formatAll}
            >
              {t('driveList.formatAll')}
            </Button>
          </>
        }
        searchPlaceholder={t('driveList.search')}
        emptyText={t('driveList.empty')}
        testIds={ids}
        items={drives.data ?? []}
        loaded={drives.isSuccess}
        keyOf={driveKey}
        searchKeyOf={(drive) => drive.drive}
        selection={{
          selected,
          onChange: setSelected,
          allLabel: t('driveList.selectAll'),
          rowLabel: (key) => t('driveList.select', { name: key }),
          rowTestId: ids.select,
        }}
        columns={[
          { header: t('driveList.drive'), breakAnywhere: true, cell: (drive) => drive.drive },
          { header: t('driveList.capacity'), cell: (drive) => size(drive.capacity) },
          { header: t('driveList.allocated'), cell: (drive) => size(drive.allocated) },
          { header: t('driveList.volumes'), cell: (drive) => drive.volumes },
          { header: t('driveList.node'), breakAnywhere: true, cell: (drive) => drive.node },
          { header: t('driveList.status'), cell: (drive) => drive.status },
        ]}
        actionsWidth={60}
        rowActions={(drive) => [
          {
            tooltip: t('format.confirm'),
            label: t('driveList.formatLabel', { name: driveKey(drive) }),
            icon: IconEraser,
            danger: true,
            onClick: () => setToFormat([driveKey(drive)]),
            testId: ids.format(driveKey(drive)),
          },
        ]}
      >
        <FormatDrivesModal
          drives={toFormat}
          onClose={() => setToFormat(null)}
          onFormatted={(found) => {
            setToFormat(null);
            setSelected(new Set());
            if (found.length > 0) setIssues(found);
            else notify.success(t('format.done'));
          }}
        />
        <FormatErrorsModal issues={issues} onClose={() => setIssues(null)} />
      </ResourceListPage>
    </StorageFrame>
  );
}
