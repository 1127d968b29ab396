/**
 * Sizes and dates in the reader's language: the same binary units everywhere (spec 1 §9), the
 * decimal separator and the date layout of the current language — in the browser's own regional
 * variant when it has one of that language ('en-GB' dates for a British browser in English).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/units.js';
import { formatDate } from '../shared/components/format-date.js';
import { languageOf } from './languages.js';

export interface Format {
  bytes(bytes: number): string;
  date(value: string | undefined): string;
}

/** The locale to format in: the browser's first tag of `language`, else the language itself. */
export function formatLocale(language: string, preferred: readonly string[]): string {
  const wanted = languageOf(language);
  return preferred.find((tag) => wanted !== undefined && languageOf(tag) === wanted) ?? language;
}

export function useFormat(): Format {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = formatLocale(language, window.navigator.languages);
    return {
      bytes: (bytes) => formatBytes(bytes, locale),
      date: (value) => formatDate(value, locale),
    };
  }, [language]);
}
