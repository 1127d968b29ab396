/**
 * The transfers of this tab: one line per upload batch with its files and a progress bar.
 */
import { CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '../../../lib/units.js';
import { TEST_IDS } from '../../../selectors.js';
import type { Upload } from '../api/upload-objects.js';

export function UploadsPanel({
  uploads,
  onDismiss,
}: {
  uploads: readonly Upload[];
  onDismiss: (id: number) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      mb="md"
      data-testid={TEST_IDS.objectBrowser.uploads}
      aria-label="Uploads"
      component="section"
    >
      <Stack gap="xs">
        {uploads.map((upload) => {
          const percent = upload.total === 0 ? 100 : Math.round((upload.loaded / upload.total) * 100);
          const label = upload.names.length === 1 ? upload.names[0] : `${upload.names.length} files`;
          return (
            <div key={upload.id} data-status={upload.status}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {label} to {upload.bucket}/{upload.prefix} —{' '}
                  {upload.status === 'failed' ? 'failed' : upload.status === 'done' ? 'done' : `${percent}%`}{' '}
                  ({formatBytes(upload.total)})
                </Text>
                {upload.status !== 'uploading' && (
                  <CloseButton
                    size="sm"
                    aria-label={`Dismiss upload of ${label}`}
                    onClick={() => onDismiss(upload.id)}
                  />
                )}
              </Group>
              <Progress
                value={percent}
                color={upload.status === 'failed' ? 'red' : upload.status === 'done' ? 'teal' : 'indigo'}
                aria-label={`Upload of ${label}`}
                size="sm"
              />
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
