/**
 * The Dashboard (/dashboard) and Metrics (/metrics, without the side menu) pages (spec 2 §2, §4,
 * §9). Admin info is fetched on load: with no widgets the simple usage view (All buckets, Usage,
 * Total Objects); otherwise the widget grid — tabs Summary, Traffic and Resources, Start Time and
 * End Time pickers, a Sync button — in 8 columns at most 1920 px wide, its layout kept locally.
 */
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import type { AdminInfoResponse, Widget, WidgetGroup } from '@coffer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { DASHBOARD_TEST_IDS } from '../test-ids.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { WIDGET_KEY, useAdminInfo, type WidgetRange } from '../api/dashboard.js';
import {
  GRID_COLUMNS,
  moveEarlier,
  readLayout,
  resize,
  storeLayout,
  type LayoutItem,
} from './dashboard-layout.js';
import { WidgetCard } from './widget-card.js';

const GROUPS: readonly WidgetGroup[] = ['summary', 'traffic', 'resources'];

function UsageSummary({ info }: { info: AdminInfoResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const items = [
    { key: 'buckets', label: t('usage.buckets'), value: info.buckets.toLocaleString() },
    { key: 'usage', label: t('usage.usage'), value: format.bytes(info.usage) },
    { key: 'objects', label: t('usage.objects'), value: info.objects.toLocaleString() },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} maw={1920} data-testid={DASHBOARD_TEST_IDS.dashboard.usage}>
      {items.map((item) => (
        <Card key={item.key} withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text fz={28} fw={700} data-testid={DASHBOARD_TEST_IDS.dashboard.usageValue(item.key)}>
            {item.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** `datetime-local` text → unix seconds, or undefined when empty or not a time. */
function secondsOf(text: string): number | undefined {
  if (text === '') return undefined;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

function WidgetDashboard({
  widgets,
  source,
}: {
  widgets: readonly Widget[];
  source: AdminInfoResponse['source'];
}) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<WidgetGroup>('summary');
  const [startText, setStartText] = useState('');
  const [endText, setEndText] = useState('');
  const [range, setRange] = useState<WidgetRange>({});
  const [layout, setLayout] = useState<LayoutItem[]>(() => readLayout(window.localStorage, widgets));
  const byId = useMemo(() => new Map(widgets.map((w) => [w.id, w])), [widgets]);
  const start = secondsOf(startText);
  const end = secondsOf(endText);
  const invalid = start !== undefined && end !== undefined && start >= end;

  const update = (next: LayoutItem[]) => {
    setLayout(next);
    storeLayout(window.localStorage, next);
  };
  const sync = () => {
    // A picked range is used as is; without one the server answers the last 7 days up to now.
    setRange(start !== undefined && end !== undefined && !invalid ? { start, end } : {});
    void queryClient.invalidateQueries({ queryKey: WIDGET_KEY });
  };
  const visible = layout.filter((item) => byId.get(item.id)?.group === group);
  const visibleIds = new Set(visible.map((i) => i.id));

  return (
    <Stack gap="md" maw={1920}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="datetime-local"
          label={t('startTime')}
          value={startText}
          onChange={(e) => setStartText(e.currentTarget.value)}
          data-testid={DASHBOARD_TEST_IDS.dashboard.startTime}
        />
        <TextInput
          type="datetime-local"
          label={t('endTime')}
          value={endText}
          onChange={(e) => setEndText(e.currentTarget.value)}
          error={invalid ? t('rangeInvalid') : undefined}
          data-testid={DASHBOARD_TEST_IDS.dashboard.endTime}
        />
        <Button onClick={sync} disabled={invalid} data-testid={DASHBOARD_TEST_IDS.dashboard.sync}>
          {t('sync')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {range.start === undefined ? `${t('defaultRange')} ` : ''}
        {source === 'prometheus' ? t('sourcePrometheus') : t('sourceConsole')}
      </Text>
      <Tabs value={group} onChange={(v) => v && setGroup(v as WidgetGroup)}>
        <Tabs.List>
          {GROUPS.map((g) => (
            <Tabs.Tab key={g} value={g} data-testid={DASHBOARD_TEST_IDS.dashboard.tab(g)}>
              {t(`tabs.${g}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GROUPS.map((g) => (
          <Tabs.Panel key={g} value={g} pt="md">
            {g === group && (
              <div
                data-testid={DASHBOARD_TEST_IDS.dashboard.grid}
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
                  gap: 'var(--mantine-spacing-md)',
                  minHeight: 600,
                  alignContent: 'start',
                }}
              >
                {visible.map((item, index) => {
                  const widget = byId.get(item.id);
                  if (!widget) return null;
                  return (
                    <WidgetCard
                      key={item.id}
                      widget={widget}
                      range={range}
                      width={item.w}
                      canMoveEarlier={index > 0}
                      onMoveEarlier={() => update(moveEarlier(layout, item.id, visibleIds))}
                      onResize={(delta) => update(resize(layout, item.id, delta))}
                    />
                  );
                })}
              </div>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export function DashboardPage({ page = 'dashboard' }: { page?: 'dashboard' | 'metrics' }) {
  const { t } = useTranslation('dashboard');
  const info = useAdminInfo();
  return (
    <div data-testid={DASHBOARD_TEST_IDS.dashboard.screen}>
      <PageHeader title={page === 'metrics' ? t('metricsTitle') : t('title')} />
      {info.isPending && (
        <Center mih={200} role="status" aria-live="polite">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
      {info.isError && <Alert color="red">{info.error.message}</Alert>}
      {info.data &&
        (info.data.widgets.length === 0 ? (
          <UsageSummary info={info.data} />
        ) : (
          <WidgetDashboard widgets={info.data.widgets} source={info.data.source} />
        ))}
    </div>
  );
}
