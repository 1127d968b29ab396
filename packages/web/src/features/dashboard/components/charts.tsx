/**
 * The widgets' charts (spec 2 §3 "Dashboard widget", §9: 9 chart colours), on recharts, loaded
 * lazily with the first widget that has data so the dashboard's own code stays small. One
 * component per widget type: a single value, a value with its trend (singleRep), a line graph over
 * time, a bar chart and a pie of each series' latest value. Animations are off: a chart is drawn
 * once its data is there.
 */
import { Stack, Text } from '@mantine/core';
import type { MetricSeries, WidgetDetails } from '@coffer/contract';
import { OBJECT_SIZE_RANGES } from '@coffer/contract/client';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatValue } from './format-value.js';
import './charts.css';

/** Nine colours that read on the light and the dark background alike. */
export const CHART_COLORS = [
  '#228be6',
  '#12b886',
  '#fd7e14',
  '#be4bdb',
  '#fa5252',
  '#82c91e',
  '#4c6ef5',
  '#fab005',
  '#15aabf',
] as const;
const colour = (i: number) => CHART_COLORS[i % CHART_COLORS.length] ?? CHART_COLORS[0];

const SIZE_ORDER: readonly string[] = OBJECT_SIZE_RANGES;

const HEIGHT = 220;
const AXIS_WIDTH = 96;
/** The category axis of bars fits its longest name (≈ 9 px a character at the axis font), within these bounds. */
const CATEGORY_WIDTH = { min: 60, max: 260, perCharacter: 9, padding: 16 };
const TOOLTIP_STYLE = {
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-default-border)',
  color: 'var(--mantine-color-text)',
};

/** The name a series goes by in legends and bars. */
function seriesName(details: WidgetDetails, s: MetricSeries, t: TFunction<'dashboard'>): string {
  const legend = details.legend;
  const value = legend ? s.metric[legend] : undefined;
  if (value === undefined)
    return t(`widgets.w${details.id}` as 'widgets.w1', { defaultValue: details.title });
  if (legend === 'range' && SIZE_ORDER.includes(value))
    return t(`sizes.${value}` as 'sizes.LESS_THAN_1024_B');
  if (legend === 'name' && (value === 'used' || value === 'free')) return t(`slices.${value}`);
  if (legend === 'le') return value === '+Inf' ? t('ttfbAll') : t('ttfbBound', { seconds: value });
  return value;
}

/** Bars and slices in a meaningful order: sizes and time bounds ascending, others by name. */
function orderKey(details: WidgetDetails, s: MetricSeries): number | string {
  const value = details.legend ? (s.metric[details.legend] ?? '') : '';
  if (details.legend === 'range') return SIZE_ORDER.indexOf(value);
  if (details.legend === 'le') return value === '+Inf' ? Infinity : Number(value);
  // Named queries (a pie's used and free) keep the order the widget defines them in.
  if (details.legend === 'name') return 0;
  return value;
}

const latest = (s: MetricSeries) => s.values.at(-1)?.[1] ?? 0;

interface ChartProps {
  details: WidgetDetails;
  locale: string;
}

function useFormatter(details: WidgetDetails, locale: string) {
  const { t } = useTranslation('dashboard');
  return {
    t,
    format: (value: number) => formatValue(value, details.unit, locale, t),
    // Counts and whole seconds are shown without fractions: fractional ticks would read 0, 0, 1, 1.
    allowDecimals: details.unit !== 'count' && details.unit !== 'seconds',
  };
}

function categoryWidth(names: readonly string[]): number {
  const longest = Math.max(0, ...names.map((name) => name.length));
  const { min, max, perCharacter, padding } = CATEGORY_WIDTH;
  return Math.min(max, Math.max(min, longest * perCharacter + padding));
}

function timeFormatter(details: WidgetDetails, locale: string) {
  const span = details.end - details.start;
  // Days for ranges over a day, seconds for ranges of a few minutes (else every tick reads alike).
  const format = new Intl.DateTimeFormat(
    locale,
    span > 86_400
      ? { month: 'short', day: 'numeric' }
      : span < 600
        ? { timeStyle: 'medium' }
        : { timeStyle: 'short' },
  );
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  return { tick: (t: number) => format.format(t * 1000), full: (t: number) => full.format(t * 1000) };
}

function SingleValue({ details, locale, trend }: ChartProps & { trend: boolean }) {
  const { format } = useFormatter(details, locale);
  const series = details.series[0];
  return (
    <Stack gap={4}>
      <Text fz={32} fw={700} data-role="widget-value">
        {format(series ? latest(series) : 0)}
      </Text>
      {trend && series && series.values.length > 1 && (
        <ResponsiveContainer width="100%" height={48}>
          <AreaChart data={series.values.map(([t, v]) => ({ t, v }))}>
            <Area
              dataKey="v"
              stroke={colour(0)}
              fill={colour(0)}
              fillOpacity={0.2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      )}
    </Stack>
  );
}

function LineGraph({ details, locale }: ChartProps) {
  const { t, format, allowDecimals } = useFormatter(details, locale);
  const time = timeFormatter(details, locale);
  const rows = new Map<number, Record<string, number>>();
  details.series.forEach((s, i) => {
    for (const [at, value] of s.values) {
      const row = rows.get(at) ?? { t: at };
      row[`s${i}`] = value;
      rows.set(at, row);
    }
  });
  const data = [...rows.values()].sort((a, b) => (a.t ?? 0) - (b.t ?? 0));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} tickFormatter={time.tick} />
        <YAxis tickFormatter={format} width={AXIS_WIDTH} allowDecimals={allowDecimals} />
        <Tooltip
          labelFormatter={(v) => time.full(Number(v))}
          formatter={(v) => format(Number(v))}
          contentStyle={TOOLTIP_STYLE}
        />
        {details.series.length > 1 && <Legend />}
        {details.series.map((s, i) => (
          <Line
            key={seriesName(details, s, t)}
            dataKey={`s${i}`}
            name={seriesName(details, s, t)}
            stroke={colour(i)}
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

function latestRows(details: WidgetDetails, t: TFunction<'dashboard'>) {
  return [...details.series]
    .sort((a, b) => {
      const x = orderKey(details, a);
      const y = orderKey(details, b);
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    })
    .map((s) => ({ name: seriesName(details, s, t), value: latest(s) }));
}

function Bars({ details, locale }: ChartProps) {
  const { t, format, allowDecimals } = useFormatter(details, locale);
  const data = latestRows(details, t);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        {/* Horizontal bars: long names (APIs, drives, size ranges) read on the category axis. */}
        <XAxis type="number" tickFormatter={format} allowDecimals={allowDecimals} />
        <YAxis
          type="category"
          dataKey="name"
          interval={0}
          width={categoryWidth(data.map((row) => row.name))}
        />
        <Tooltip
          formatter={(v) => format(Number(v))}
          contentStyle={TOOLTIP_STYLE}
          cursor={{ fillOpacity: 0.1 }}
        />
        <Bar dataKey="value" name={t(`widgets.w${details.id}` as 'widgets.w1')} isAnimationActive={false}>
          {data.map((row, i) => (
            <Cell key={row.name} fill={colour(i)} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

function Slices({ details, locale }: ChartProps) {
  const { t, format } = useFormatter(details, locale);
  const data = latestRows(details, t);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius="45%"
          outerRadius="75%"
          isAnimationActive={false}
        >
          {data.map((row, i) => (
            <Cell key={row.name} fill={colour(i)} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => format(Number(v))} contentStyle={TOOLTIP_STYLE} />
        {/* In the slices' order (recharts sorts legend items by name unless told). */}
        <Legend itemSorter={(item) => data.findIndex((row) => row.name === item.value)} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** The chart of one widget's answer. */
export function WidgetChart({ details, locale }: ChartProps) {
  const chart = (() => {
    switch (details.type) {
      case 'singleValue':
        return <SingleValue details={details} locale={locale} trend={false} />;
      case 'singleRep':
        return <SingleValue details={details} locale={locale} trend />;
      case 'linearGraph':
        return <LineGraph details={details} locale={locale} />;
      case 'barChart':
        return <Bars details={details} locale={locale} />;
      case 'pieChart':
        return <Slices details={details} locale={locale} />;
    }
  })();
  return <div className="dashboard-chart">{chart}</div>;
}
