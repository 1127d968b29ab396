/**
 * The Trace page (spec 2 §2 Trace, §4 Trace, §7 `/ws/trace`): the storage server's calls, live.
 * States: not started, started (socket open), stopped (Stop pressed or the server closed the
 * socket, §8). Filters are disabled while running; the newest call is on top.
 */
import { Alert, Button, Group, Paper, Table, Text } from '@mantine/core';
import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { TRACE_TEST_IDS } from '../test-ids.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useStream } from '../../../shared/api/use-stream.js';
import { TraceFilters } from './trace-filters.js';
import { DEFAULT_TRACE_FORM, durationMs, nothingChosen, thresholdProblem, traceQuery } from './trace-form.js';

const ids = TRACE_TEST_IDS.trace;
/** Calls kept on screen (the oldest leave first). */
const KEEP = 1000;

export function TracePage() {
  const { t } = useTranslation(['trace']);
  const format = useFormat();
  const [form, setForm] = useState(DEFAULT_TRACE_FORM);
  const trace = useStream(STREAM_ENDPOINTS.trace, { keep: KEEP });
  const running = trace.state === 'connecting' || trace.state === 'open';
  const started = trace.state !== 'idle';
  const invalid = thresholdProblem(form.threshold) !== undefined || nothingChosen(form);
  const rows = [...trace.messages].reverse();

  const status = running ? 'running' : started ? 'stopped' : 'notStarted';
  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title={t('title')}
        actions={
          running ? (
            <Button color="red.9" onClick={trace.stop} data-testid={ids.stop}>
              {t('stop')}
            </Button>
          ) : (
            <Button
              disabled={invalid}
              onClick={() => trace.start({ query: traceQuery(form) })}
              data-testid={ids.start}
            >
              {t('start')}
            </Button>
          )
        }
      />
      <Paper withBorder p="md" mb="md">
        <TraceFilters form={form} disabled={running} onChange={setForm} />
      </Paper>
      <Group mb="sm" gap="xs">
        <Text size="sm" data-testid={ids.state} data-state={status}>
          {t(`state.${status}`)}
        </Text>
      </Group>
      {trace.state === 'failed' && (
        <Alert color="red" mb="md" data-testid={ids.failure}>
          {trace.closeReason !== undefined && trace.closeReason !== '' ? trace.closeReason : t('failed')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover data-testid={ids.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.time')}</Table.Th>
              <Table.Th>{t('columns.name')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.location')}</Table.Th>
              <Table.Th>{t('columns.loadTime')}</Table.Th>
              <Table.Th>{t('columns.upload')}</Table.Th>
              <Table.Th>{t('columns.download')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((call, index) => (
              <Table.Tr key={`${call.time}-${rows.length - index}`} data-testid={ids.row} data-api={call.api}>
                <Table.Td>{format.date(call.time)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {call.api}
                  </Text>
                  <Text size="xs" data-testid={ids.rowPath}>
                    {call.path}
                  </Text>
                </Table.Td>
                <Table.Td>{`${call.statusCode} ${call.statusMsg}`}</Table.Td>
                <Table.Td>
                  <Text size="sm">{call.host}</Text>
                  <Text size="xs">{call.client}</Text>
                </Table.Td>
                <Table.Td>{t('milliseconds', { value: durationMs(call.callStats.duration) })}</Table.Td>
                <Table.Td>{format.bytes(call.callStats.rx)}</Table.Td>
                <Table.Td>{format.bytes(call.callStats.tx)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" mt="md" data-testid={ids.empty}>
          {running ? t('waiting') : t('empty')}
        </Text>
      )}
    </div>
  );
}
