/**
 * A pod's page (spec 3 §2 Pod detail): breadcrumb Tenants > {tenant} > Pods > {pod}, Refresh, and
 * the tabs Events (Namespace, Last Seen, Message, Event Type, Reason) and Logs — the pod's log,
 * cleaned of ANSI and non-printable characters, with a 'Highlight Line' filter that marks the
 * matching lines, case-insensitively. Failed logs or events calls are toasted (spec 3 §8).
 */
import { Anchor, Box, Button, Loader, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { usePodEvents, usePodLogs } from '../api/pods.js';
import { tenantKey } from '../api/tenant-keys.js';
import type { TenantRef } from '../api/types.js';
import { cleanLogLine, lineMatches } from './log-lines.js';
import { TenantBreadcrumb } from './tenant-detail-frame.js';
import { tenantPath } from './tenant-paths.js';
import { useTenantRef } from './use-tenant-ref.js';

const ids = OPERATOR_TEST_IDS.podDetail;

export function PodDetailPage() {
  const { t } = useTranslation('tenants');
  const tenant = useTenantRef();
  const { podName = '' } = useParams();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>('events');
  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title={podName}
        breadcrumb={
          <TenantBreadcrumb
            tenant={tenant}
            trail={[
              <Anchor key="pods" component={Link} to={tenantPath(tenant, 'pods')}>
                {t('podDetail.pods')}
              </Anchor>,
              <Text key="pod" span>
                {podName}
              </Text>,
            ]}
          />
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() =>
              void queryClient.invalidateQueries({ queryKey: [...tenantKey(tenant), 'pod', podName] })
            }
            data-testid={ids.refresh}
          >
            {t('podDetail.refresh')}
          </Button>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events" data-testid={ids.tab('events')}>
            {t('podDetail.events')}
          </Tabs.Tab>
          <Tabs.Tab value="logs" data-testid={ids.tab('logs')}>
            {t('podDetail.logs')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="md">
          <PodEvents tenant={tenant} pod={podName} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <PodLogs tenant={tenant} pod={podName} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}

function PodEvents({ tenant, pod }: { tenant: TenantRef; pod: string }) {
  const { t, i18n } = useTranslation(['tenants', 'common']);
  const events = usePodEvents(tenant, pod);
  if (events.isPending) return <Loader size="sm" aria-label={t('common:loading')} />;
  const rows = events.data ?? [];
  return (
    <>
      <Table withTableBorder data-testid={ids.events}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('podDetail.namespace')}</Table.Th>
            <Table.Th>{t('podDetail.lastSeen')}</Table.Th>
            <Table.Th>{t('podDetail.message')}</Table.Th>
            <Table.Th>{t('podDetail.eventType')}</Table.Th>
            <Table.Th>{t('podDetail.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((event, index) => (
            <Table.Tr key={index} data-testid={ids.event(index)}>
              <Table.Td>{event.namespace}</Table.Td>
              <Table.Td>{new Date(event.last_seen * 1000).toLocaleString(i18n.language)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.message}</Table.Td>
              <Table.Td>{event.event_type}</Table.Td>
              <Table.Td>{event.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {events.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.noEvents}>
          {t('podDetail.noEvents')}
        </Text>
      )}
    </>
  );
}

function PodLogs({ tenant, pod }: { tenant: TenantRef; pod: string }) {
  const { t } = useTranslation(['tenants', 'common']);
  const logs = usePodLogs(tenant, pod);
  const [highlight, setHighlight] = useState('');
  if (logs.isPending) return <Loader size="sm" aria-label={t('common:loading')} />;
  const lines = (logs.data ?? []).map(cleanLogLine);
  return (
    <Stack>
      <TextInput
        label={t('podDetail.highlight')}
        value={highlight}
        onChange={(e) => setHighlight(e.currentTarget.value)}
        w={400}
        maw="100%"
        data-testid={ids.highlight}
      />
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('podDetail.logs')}
        m={0}
        p="sm"
        mah="60vh"
        style={{
          overflow: 'auto',
          fontSize: 12,
          fontFamily: 'var(--mantine-font-family-monospace)',
          background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
        }}
        data-testid={ids.logs}
      >
        {lines.length === 0 ? (
          <Text span c="dimmed" size="sm">
            {t('podDetail.noLogs')}
          </Text>
        ) : (
          lines.map((line, index) => {
            const marked = lineMatches(line, highlight);
            return (
              <Box
                key={index}
                component={marked ? 'mark' : 'div'}
                display="block"
                data-highlighted={marked ? 'true' : undefined}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid={ids.logLine(index)}
              >
                {line}
              </Box>
            );
          })
        )}
      </Box>
    </Stack>
  );
}
