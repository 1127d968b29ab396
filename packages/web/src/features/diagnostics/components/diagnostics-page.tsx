/**
 * The Diagnostic page (/health-info, spec 2 §2, §4 "Diagnostics"): Start Diagnostic opens the
 * health-info socket (deadline 1h); while it runs a spinner and 'Diagnostic started. Please do
 * not refresh page during diagnosis.'; a normal close means the report is complete ('Diagnostic
 * file is ready to be downloaded.'), any other end is 'An error occurred while getting Diagnostic
 * file.'. Download saves the last report as diagnostic.json; disabled until one exists.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { IconDownload, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DIAGNOSTICS_TEST_IDS } from '../test-ids.js';
import { useStream } from '../../../shared/api/use-stream.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { canDownload, diagnosticStatus } from './diagnostic-status.js';

const ids = DIAGNOSTICS_TEST_IDS.diagnostics;
/** Spec 2 §7, §9: the diagnostic deadline. */
const DEADLINE = '1h';

function saveJson(value: unknown, name: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function DiagnosticsPage() {
  const { t } = useTranslation(['diagnostics', 'layout']);
  const stream = useStream(STREAM_ENDPOINTS.healthInfo, { keep: 1 });
  const status = diagnosticStatus(stream.state);
  const report = stream.messages.at(-1)?.report;
  return (
    <>
      <PageHeader title={t('layout:menu.health-info')} />
      <Stack gap="md" maw={720} data-testid={ids.screen}>
        <Text>{t('intro')}</Text>
        <Group>
          <Button
            leftSection={<IconStethoscope size={16} aria-hidden="true" />}
            onClick={() => stream.start({ query: { deadline: DEADLINE } })}
            disabled={status === 'inProgress'}
            data-testid={ids.start}
          >
            {t('start')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            disabled={!canDownload(status, report !== undefined)}
            onClick={() => saveJson(report, 'diagnostic.json')}
            data-testid={ids.download}
          >
            {t('download')}
          </Button>
        </Group>
        <div role="status" aria-live="polite" data-testid={ids.status} data-status={status}>
          {status === 'inProgress' && (
            <Group gap="sm">
              <Loader size="sm" aria-label={t('inProgress')} data-testid={ids.spinner} />
              <Text>{t('started')}</Text>
            </Group>
          )}
          {status === 'success' && <Alert color="green">{t('ready')}</Alert>}
          {status === 'error' && <Alert color="red">{t('failed')}</Alert>}
        </div>
      </Stack>
    </>
  );
}
