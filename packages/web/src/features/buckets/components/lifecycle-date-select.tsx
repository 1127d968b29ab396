/**
 * The lifecycle forms' date picker (spec 1 §5, §9): month, day (1–31) and year (the current year
 * and the next 24) as three choices; the date counts only when they form a real calendar date.
 */
import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 1 §9: the current year and the next 24. */
export const YEAR_CHOICES = 25;

export interface DateParts {
  month: string;
  day: string;
  year: string;
}
export const EMPTY_DATE: DateParts = { month: '', day: '', year: '' };

/** YYYY-MM-DD when the parts form a real calendar date, else undefined. */
export function calendarDate({ month, day, year }: DateParts): string | undefined {
  const [m, d, y] = [Number(month), Number(day), Number(year)];
  if (!Number.isInteger(m) || !Number.isInteger(d) || !Number.isInteger(y) || m < 1 || d < 1 || y < 1) {
    return undefined;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return date.toISOString().slice(0, 10);
}

export function LifecycleDateSelect({
  value,
  onChange,
  disabled,
  testId,
}: {
  value: DateParts;
  onChange: (value: DateParts) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation(['buckets']);
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const thisYear = new Date().getFullYear();
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: monthName.format(new Date(Date.UTC(2000, i, 1))),
  }));
  const days = Array.from({ length: 31 }, (_, i) => String(i + 1));
  const years = Array.from({ length: YEAR_CHOICES }, (_, i) => String(thisYear + i));
  return (
    <Group grow gap="xs" data-testid={testId}>
      <NativeSelect
        label={t('lifecycle.month')}
        data={[{ value: '', label: '—' }, ...months]}
        value={value.month}
        onChange={(e) => onChange({ ...value, month: e.currentTarget.value })}
        disabled={disabled}
        data-testid={`${testId}-month`}
      />
      <NativeSelect
        label={t('lifecycle.day')}
        data={[{ value: '', label: '—' }, ...days]}
        value={value.day}
        onChange={(e) => onChange({ ...value, day: e.currentTarget.value })}
        disabled={disabled}
        data-testid={`${testId}-day`}
      />
      <NativeSelect
        label={t('lifecycle.year')}
        data={[{ value: '', label: '—' }, ...years]}
        value={value.year}
        onChange={(e) => onChange({ ...value, year: e.currentTarget.value })}
        disabled={disabled}
        data-testid={`${testId}-year`}
      />
    </Group>
  );
}
