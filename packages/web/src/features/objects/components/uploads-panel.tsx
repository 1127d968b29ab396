/**
 * The transfers of this tab (issue 9 §4): one line per form batch or resumable upload with its
 * progress and what can be done with it — cancel while queued or running, retry a failed
 * resumable upload whose file the tab still holds, resume an interrupted one by picking the file
 * again (after a reload), dismiss a finished one. Only the first 50 lines are drawn (unfinished
 * first, as the manager orders them); the rest are counted, so thousands of transfers stay cheap.
 */
import { Button, CloseButton, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useNotify } from '../../../shared/components/notify.js';
import type { Transfer, TransferManager } from '../api/transfer-manager.js';

export const VISIBLE_TRANSFERS = 50;
const ids = OBJECTS_TEST_IDS.transfers;

function order(transfers: readonly Transfer[]): Transfer[] {
  const rank = (t: Transfer) =>
    t.status === 'uploading' ? 0 : t.status === 'queued' ? 1 : t.status === 'interrupted' ? 2 : 3;
  // Stable: within a rank the manager's order (newest first) stays.
  return [...transfers].sort((a, b) => rank(a) - rank(b));
}

const TransferLine = memo(function TransferLine({
  transfer,
  manager,
}: {
  transfer: Transfer;
  manager: TransferManager;
}) {
  const { t } = useTranslation('objects');
  const format = useFormat();
  const notify = useNotify();
  const resetPick = useRef<() => void>(null);
  const percent = transfer.total === 0 ? 100 : Math.round((transfer.loaded / transfer.total) * 100);
  const label = transfer.count === 1 ? transfer.name : t('uploads.files', { count: transfer.count });
  const state =
    transfer.status === 'failed'
      ? transfer.error !== undefined
        ? t('transfers.failedWith', { message: transfer.error })
        : t('uploads.failed')
      : transfer.status === 'done'
        ? t('uploads.done')
        : transfer.status === 'queued'
          ? t('transfers.queued')
          : transfer.status === 'cancelled'
            ? t('transfers.cancelled')
            : transfer.status === 'interrupted'
              ? t('transfers.interrupted')
              : t('uploads.percent', { percent });
  const finished =
    transfer.status === 'done' || transfer.status === 'cancelled' || transfer.status === 'failed';
  const cancellable = !finished || (transfer.status === 'failed' && transfer.kind === 'parts');
  const color =
    transfer.status === 'failed'
      ? 'red'
      : transfer.status === 'done'
        ? 'teal'
        : transfer.status === 'uploading'
          ? 'indigo'
          : 'gray';
  return (
    <div data-testid={ids.row(transfer.id)} data-status={transfer.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {t('uploads.line', {
            label,
            target: `${transfer.bucket}/${transfer.prefix}`,
            state,
            size: format.bytes(transfer.total),
          })}
        </Text>
        <Group gap={4} wrap="nowrap">
          {transfer.status === 'interrupted' && (
            <FileButton
              resetRef={resetPick}
              onChange={(file) => {
                resetPick.current?.();
                if (file !== null && !manager.resume(transfer.id, file) && transfer.pending !== undefined) {
                  notify.error({
                    message: t('transfers.notSameFile', {
                      name: transfer.pending.fileName,
                      size: format.bytes(transfer.pending.size),
                    }),
                  });
                }
              }}
              inputProps={{ 'data-testid': ids.resumeInput(transfer.id) } as Record<string, string>}
            >
              {(props) => (
                <Button
                  {...props}
                  size="compact-xs"
                  variant="light"
                  aria-label={t('transfers.resumeLabel', { label })}
                  data-testid={ids.resume(transfer.id)}
                >
                  {t('transfers.resume')}
                </Button>
              )}
            </FileButton>
          )}
          {manager.canRetry(transfer.id) && (
            <Button
              size="compact-xs"
              variant="light"
              aria-label={t('transfers.retryLabel', { label })}
              onClick={() => manager.retry(transfer.id)}
              data-testid={ids.retry(transfer.id)}
            >
              {t('transfers.retry')}
            </Button>
          )}
          {cancellable && (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={t('transfers.cancelLabel', { label })}
              onClick={() => manager.cancel(transfer.id)}
              data-testid={ids.cancel(transfer.id)}
            >
              {t('transfers.cancel')}
            </Button>
          )}
          {finished && (
            <CloseButton
              size="sm"
              aria-label={t('uploads.dismiss', { label })}
              onClick={() => manager.dismiss(transfer.id)}
            />
          )}
        </Group>
      </Group>
      <Progress value={percent} color={color} aria-label={t('uploads.progress', { label })} size="sm" />
    </div>
  );
});

export function UploadsPanel({
  transfers,
  manager,
}: {
  transfers: readonly Transfer[];
  manager: TransferManager;
}) {
  const { t } = useTranslation('objects');
  if (transfers.length === 0) return null;
  const ordered = order(transfers);
  const shown = ordered.slice(0, VISIBLE_TRANSFERS);
  const hidden = ordered.length - shown.length;
  const anyFinished = transfers.some(
    (x) => x.status === 'done' || x.status === 'cancelled' || x.status === 'failed',
  );
  return (
    <Paper
      withBorder
      p="sm"
      mb="md"
      data-testid={OBJECTS_TEST_IDS.objectBrowser.uploads}
      aria-label={t('uploads.label')}
      component="section"
    >
      <Stack gap="xs">
        {shown.map((transfer) => (
          <TransferLine key={transfer.id} transfer={transfer} manager={manager} />
        ))}
        <Group justify="space-between">
          {hidden > 0 ? (
            <Text size="sm" c="dimmed" data-testid={ids.more}>
              {t('transfers.more', { count: hidden })}
            </Text>
          ) : (
            <span />
          )}
          {anyFinished && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => manager.clearFinished()}
              data-testid={ids.clearFinished}
            >
              {t('transfers.clearFinished')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
