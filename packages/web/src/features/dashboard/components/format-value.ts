/**
 * Widget values in their unit (bytes in binary units, rates per second, durations, CPU share as
 * a percentage), in the reader's language.
 */
import type { WidgetUnit } from '@coffer/contract';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../../lib/units.js';

export function formatDuration(seconds: number, t: TFunction<'dashboard'>): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts: [number, 'days' | 'hours' | 'minutes' | 'seconds'][] = [
    [Math.floor(s / 86_400), 'days'],
    [Math.floor((s % 86_400) / 3600), 'hours'],
    [Math.floor((s % 3600) / 60), 'minutes'],
    [s % 60, 'seconds'],
  ];
  const shown = parts.filter(([n]) => n > 0).slice(0, 2);
  return (shown.length > 0 ? shown : [[0, 'seconds'] as const])
    .map(([count, unit]) => t(`duration.${unit}`, { count }))
    .join(' ');
}

export function formatValue(
  value: number,
  unit: WidgetUnit,
  locale: string,
  t: TFunction<'dashboard'>,
): string {
  const number = (n: number, digits = 2) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  switch (unit) {
    case 'bytes':
      return formatBytes(value, locale);
    case 'bytesPerSecond':
      return t('perSecond', { value: formatBytes(value, locale) });
    case 'perSecond':
      return t('perSecond', { value: number(value) });
    case 'seconds':
      return formatDuration(value, t);
    case 'microseconds':
      return value >= 1000 ? `${number(value / 1000)} ms` : `${number(value, 0)} µs`;
    case 'ratio':
      return `${number(value * 100, 1)} %`;
    case 'count':
      return number(value, 0);
  }
}
