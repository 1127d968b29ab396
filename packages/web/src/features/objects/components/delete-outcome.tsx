/**
 * What a bulk delete reports in its modal (issue 9 §6): the running counts while it runs (a polite
 * live region, so screen readers hear it advance), then the exact outcome and the failures with
 * the storage server's reasons — a locked object says why it stayed.
 */
import { List, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import type { DeleteDone, DeleteProgress } from '../api/delete-progress.js';

export function DeleteRunning({ progress }: { progress: DeleteProgress }) {
  const { t } = useTranslation('objects');
  return (
    <Stack gap={6}>
      <Progress value={100} animated striped aria-hidden="true" />
      <Text size="sm" role="status" data-testid={OBJECTS_TEST_IDS.bulk.progress}>
        {t('bulk.deleting', { deleted: progress.deleted, failed: progress.failed })}
      </Text>
    </Stack>
  );
}

export function DeleteOutcomeView({ outcome }: { outcome: DeleteDone }) {
  const { t } = useTranslation('objects');
  return (
    <Stack gap={6}>
      <Text size="sm" role="status" fw={600} data-testid={OBJECTS_TEST_IDS.bulk.outcome}>
        {outcome.stopped === true
          ? t('bulk.stoppedByUser', { deleted: outcome.deleted, failed: outcome.failed })
          : t('bulk.outcome', { deleted: outcome.deleted, failed: outcome.failed })}
      </Text>
      {outcome.errors.length > 0 && (
        <>
          <Text size="sm" id="delete-failures-title">
            {t('bulk.failures')}
          </Text>
          <List
            size="sm"
            aria-labelledby="delete-failures-title"
            style={{ maxHeight: 200, overflow: 'auto', wordBreak: 'break-all' }}
            data-testid={OBJECTS_TEST_IDS.bulk.failures}
          >
            {outcome.errors.map((e) => (
              <List.Item key={`${e.path}\u0000${e.version_id ?? ''}`}>
                {t('bulk.failure', { path: e.path, code: e.code, message: e.message })}
              </List.Item>
            ))}
          </List>
          {outcome.failed > outcome.errors.length && (
            <Text size="xs" c="dimmed">
              {t('bulk.moreFailures', { shown: outcome.errors.length, count: outcome.failed })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
