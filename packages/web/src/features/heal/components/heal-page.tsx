/**
 * The Heal screen (spec 2 §2 Heal page, §4 Heal): in distributed mode only, a bucket, prefix and
 * the Recursive / Force Start / Force Stop boxes; Start opens the heal socket
 * (`/ws/heal/{bucket}`), whose progress messages draw the chart and the figures; the socket
 * closing (the heal finished) returns the form to idle with the last figures kept. A heal the
 * storage server refuses or stops is shown with its reason.
 */
import { Alert, Stack } from '@mantine/core';
import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuckets } from '../../../shared/api/list-buckets.js';
import { useStream } from '../../../shared/api/use-stream.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useDistributedMode } from '../../../shared/session/session-context.js';
import { HEAL_TEST_IDS } from '../test-ids.js';
import { HealChart } from './heal-chart.js';
import { EMPTY_HEAL_FORM, HealForm, type HealFormValue } from './heal-form.js';
import { chartRows } from './heal-model.js';
import { HealResults } from './heal-results.js';

const ids = HEAL_TEST_IDS.heal;

export function HealPage() {
  const { t } = useTranslation(['heal']);
  const distributed = useDistributedMode();
  const buckets = useBuckets();
  const stream = useStream(STREAM_ENDPOINTS.heal, { keep: 1 });
  const [value, setValue] = useState<HealFormValue>(EMPTY_HEAL_FORM);
  if (!distributed) return null;
  const running = stream.state === 'connecting' || stream.state === 'open';
  const progress = stream.messages.at(-1);
  const start = () =>
    stream.start({
      params: { bucket: value.bucket },
      query: {
        prefix: value.prefix,
        recursive: String(value.recursive),
        'force-start': String(value.forceStart),
        'force-stop': String(value.forceStop),
      },
    });
  return (
    <Stack data-testid={ids.screen} gap="md">
      <PageHeader title={t('title')} />
      <HealForm
        buckets={(buckets.data ?? []).map((b) => b.name)}
        value={value}
        onChange={setValue}
        onStart={start}
        running={running}
      />
      {stream.state === 'failed' && (
        <Alert color="red" data-testid={ids.error}>
          {t('failed', { reason: stream.closeReason ?? String(stream.closeCode ?? '') })}
        </Alert>
      )}
      <HealChart rows={chartRows(progress)} />
      <HealResults progress={progress} />
    </Stack>
  );
}
