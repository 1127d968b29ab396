/**
 * Error Logs (spec 2 §2 Logs, §7 `/ws/console`): the storage server's console log, recent entries
 * then the live tail, opened when the view mounts and closed when it unmounts. 'Highlight Line'
 * marks the lines that contain the search, case-insensitively (§5). A server close marks the
 * viewer stopped (§8); Start opens it again.
 */
import { Alert, Badge, Box, Button, Group, Highlight, Paper, Stack, Text, TextInput } from '@mantine/core';
import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { LOGS_TEST_IDS } from '../test-ids.js';
import { useStream } from '../../../shared/api/use-stream.js';
import { lineMatches, lineText } from './log-line.js';

const ids = LOGS_TEST_IDS.logs;
/** Lines kept on screen (the oldest leave first). */
const KEEP = 1000;

function levelColor(level: string): string {
  if (level === 'ERROR' || level === 'FATAL') return 'red';
  if (level === 'WARNING') return 'yellow';
  return 'gray';
}

export function ErrorLogs() {
  const { t } = useTranslation(['logs']);
  const format = useFormat();
  const [search, setSearch] = useState('');
  const log = useStream(STREAM_ENDPOINTS.consoleLog, { keep: KEEP });
  const { start } = log;
  useEffect(() => start({}), [start]);
  const running = log.state === 'connecting' || log.state === 'open';
  const term = search.trim();

  return (
    <Stack gap="md" data-testid={ids.errorLogs}>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('highlightLine')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid={ids.highlight}
          w={360}
        />
        <Group gap="sm">
          <Text size="sm" data-testid={ids.state} data-state={running ? 'running' : 'stopped'}>
            {t(running ? 'state.running' : 'state.stopped')}
          </Text>
          {!running && (
            <Button variant="default" onClick={() => start({})} data-testid={ids.start}>
              {t('start')}
            </Button>
          )}
        </Group>
      </Group>
      {log.state === 'failed' && (
        <Alert color="red" data-testid={ids.failure}>
          {log.closeReason !== undefined && log.closeReason !== '' ? log.closeReason : t('failed')}
        </Alert>
      )}
      <Paper withBorder p="sm" ff="monospace" fz="sm" data-testid={ids.lines}>
        {log.messages.length === 0 && (
          <Text c="dimmed" size="sm" data-testid={ids.empty}>
            {t('empty')}
          </Text>
        )}
        {log.messages.map((line, index) => {
          const match = lineMatches(line, term);
          return (
            <Box
              key={`${line.time}-${index}`}
              py={4}
              px="xs"
              data-testid={ids.line}
              data-level={line.level}
              data-highlighted={match ? 'yes' : 'no'}
              bg={match ? 'var(--mantine-color-yellow-light)' : undefined}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Text size="xs" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  {format.date(line.time)}
                </Text>
                {line.level !== '' && (
                  <Badge size="xs" variant="light" color={levelColor(line.level)} style={{ flexShrink: 0 }}>
                    {line.level}
                  </Badge>
                )}
                <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Highlight highlight={term} size="sm" ff="monospace">
                    {lineText(line)}
                  </Highlight>
                  {line.api !== undefined && (
                    <Text size="xs">
                      {t('details', {
                        api: line.api.name,
                        requestId: line.requestID ?? '',
                        remoteHost: line.remotehost ?? '',
                      })}
                    </Text>
                  )}
                  {(line.error?.source ?? []).map((source, n) => (
                    <Text key={n} size="xs" pl="md">
                      {source}
                    </Text>
                  ))}
                </Box>
              </Group>
            </Box>
          );
        })}
      </Paper>
    </Stack>
  );
}
