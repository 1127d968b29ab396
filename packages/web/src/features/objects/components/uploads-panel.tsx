/**
 * The transfers of this tab: one line per upload batch with its files and a progress bar.
 */
import { CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { TEST_IDS } from '../../../selectors.js';
import type { Upload } from '../api/upload-objects.js';

export function UploadsPanel({
  uploads,
  onDismiss,
}: {
  uploads: readonly Upload[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation('objects');
  const format = useFormat();
  if (uploads.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      mb="md"
      data-testid={TEST_IDS.objectBrowser.uploads}
      aria-label={t('uploads.label')}
      component="section"
    >
      <Stack gap="xs">
        {uploads.map((upload) => {
          const percent = upload.total === 0 ? 100 : Math.round((upload.loaded / upload.total) * 100);
          const label =
            upload.names.length === 1
              ? (upload.names[0] ?? '')
              : t('uploads.files', { count: upload.names.length });
          const state =
            upload.status === 'failed'
              ? t('uploads.failed')
              : upload.status === 'done'
                ? t('uploads.done')
                : t('uploads.percent', { percent });
          return (
            <div key={upload.id} data-status={upload.status}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {t('uploads.line', {
                    label,
                    target: `${upload.bucket}/${upload.prefix}`,
                    state,
                    size: format.bytes(upload.total),
                  })}
                </Text>
                {upload.status !== 'uploading' && (
                  <CloseButton
                    size="sm"
                    aria-label={t('uploads.dismiss', { label })}
                    onClick={() => onDismiss(upload.id)}
                  />
                )}
              </Group>
              <Progress
                value={percent}
                color={upload.status === 'failed' ? 'red' : upload.status === 'done' ? 'teal' : 'indigo'}
                aria-label={t('uploads.progress', { label })}
                size="sm"
              />
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
