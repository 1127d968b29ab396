/**
 * One widget in the grid: its title, its chart once its series are there, the spec's message when
 * they could not be fetched (spec 2 §8), and two layout controls (move earlier, wider/narrower).
 * `data-state` (loading, error, empty, ready) tells tests and assistive tools where it stands.
 */
import { ActionIcon, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowsHorizontal, IconArrowsMinimize } from '@tabler/icons-react';
import type { Widget } from '@coffer/contract';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '../../../i18n/use-format.js';
import { DASHBOARD_TEST_IDS } from '../test-ids.js';
import { useWidgetDetails, type WidgetRange } from '../api/dashboard.js';
import { GRID_COLUMNS } from './dashboard-layout.js';

const WidgetChart = lazy(() => import('./charts.js').then((m) => ({ default: m.WidgetChart })));

export interface WidgetCardProps {
  widget: Widget;
  range: WidgetRange;
  width: number;
  canMoveEarlier: boolean;
  onMoveEarlier: () => void;
  onResize: (delta: number) => void;
}

export function WidgetCard({
  widget,
  range,
  width,
  canMoveEarlier,
  onMoveEarlier,
  onResize,
}: WidgetCardProps) {
  const { t, i18n } = useTranslation('dashboard');
  const details = useWidgetDetails(widget.id, range);
  const title = t(`widgets.w${widget.id}` as 'widgets.w1', { defaultValue: widget.title });
  const locale = formatLocale(i18n.resolvedLanguage ?? i18n.language, window.navigator.languages);
  const state = details.isPending
    ? 'loading'
    : details.isError
      ? 'error'
      : details.data.series.length === 0
        ? 'empty'
        : 'ready';
  const wide = width >= GRID_COLUMNS / 2;

  return (
    <Card
      withBorder
      padding="md"
      style={{ gridColumn: `span ${width}` }}
      data-testid={DASHBOARD_TEST_IDS.dashboard.widget(widget.id)}
      data-state={state}
      aria-busy={state === 'loading'}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
        <Text component="h3" fw={600} size="sm" m={0} truncate>
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={onMoveEarlier}
            disabled={!canMoveEarlier}
            aria-label={t('moveEarlier', { title })}
          >
            <IconArrowLeft size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => onResize(wide ? -2 : 2)}
            aria-label={t(wide ? 'narrower' : 'wider', { title })}
            data-testid={DASHBOARD_TEST_IDS.dashboard.resize(widget.id)}
          >
            {wide ? <IconArrowsMinimize size={14} /> : <IconArrowsHorizontal size={14} />}
          </ActionIcon>
        </Group>
      </Group>
      {state === 'loading' && <Skeleton height={widget.type.startsWith('single') ? 40 : 220} />}
      {state === 'error' && (
        <Text c="red" size="sm" role="alert">
          {t('widgetError')}
        </Text>
      )}
      {state === 'empty' && (
        <Text c="dimmed" size="sm">
          {t('noData')}
        </Text>
      )}
      {state === 'ready' && details.data && (
        <Suspense fallback={<Skeleton height={widget.type.startsWith('single') ? 40 : 220} />}>
          <WidgetChart details={details.data} locale={locale} />
        </Suspense>
      )}
    </Card>
  );
}
