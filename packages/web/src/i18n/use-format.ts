/**
 * Sizes and dates in the reader's language: the same binary units everywhere (spec 1 §9), the
 * decimal separator and the date layout of the current language.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/units.js';
import { formatDate } from '../shared/components/format-date.js';

export interface Format {
  bytes(bytes: number): string;
  date(value: string | undefined): string;
}

export function useFormat(): Format {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      bytes: (bytes) => formatBytes(bytes, locale),
      date: (value) => formatDate(value, locale),
    }),
    [locale],
  );
}
