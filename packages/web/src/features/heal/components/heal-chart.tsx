/**
 * The Heal page's horizontal bar chart (spec 2 §2): 'Item's Health Status [%]', one category per
 * health colour, a bar before and a bar after healing. Drawn with recharts (decision record
 * decision record 0011); the same numbers are given to screen readers as one sentence, the chart
 * itself being a picture of them. Theme colours come from Mantine's CSS variables, so the chart is
 * readable in light and dark.
 */
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { HEAL_TEST_IDS } from '../test-ids.js';
import type { HealChartRow } from './heal-model.js';

const ids = HEAL_TEST_IDS.heal;

export function HealChart({ rows }: { rows: HealChartRow[] }) {
  const { t } = useTranslation(['heal']);
  const data = rows.map((row) => ({ ...row, label: t(`colors.${row.color}`) }));
  const value = (color: string, when: 'before' | 'after') =>
    String(rows.find((r) => r.color === color)?.[when] ?? 0);
  const summary = t('chartSummary', {
    greenBefore: value('Green', 'before'),
    greenAfter: value('Green', 'after'),
    yellowBefore: value('Yellow', 'before'),
    yellowAfter: value('Yellow', 'after'),
    redBefore: value('Red', 'before'),
    redAfter: value('Red', 'after'),
    greyBefore: value('Grey', 'before'),
    greyAfter: value('Grey', 'after'),
  });
  return (
    <Paper withBorder p="md" data-testid={ids.chart}>
      <Title order={2} size="h4" mb="sm">
        {t('chartTitle')}
      </Title>
      <div role="img" aria-label={summary} data-testid={ids.chartSummary} data-summary={summary}>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} layout="vertical" margin={{ left: 16, right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />
            <XAxis
              type="number"
              domain={[0, 100]}
              unit="%"
              tick={{ fill: 'var(--mantine-color-text)' }}
              stroke="var(--mantine-color-dimmed)"
            />
            <YAxis
              type="category"
              dataKey="label"
              width={72}
              tick={{ fill: 'var(--mantine-color-text)' }}
              stroke="var(--mantine-color-dimmed)"
            />
            <Legend
              wrapperStyle={{ color: 'var(--mantine-color-text)' }}
              // Before first, as the bars are drawn (the default sorts by name).
              itemSorter={(item) => (item.dataKey === 'before' ? 0 : 1)}
            />
            <Bar
              dataKey="before"
              name={t('before')}
              fill="var(--mantine-color-gray-6)"
              isAnimationActive={false}
            />
            <Bar
              dataKey="after"
              name={t('after')}
              fill="var(--mantine-color-blue-6)"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Paper>
  );
}
