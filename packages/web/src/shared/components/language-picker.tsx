/**
 * The language picker: each language under its own name; a pick applies at once (every text,
 * `<html lang>`) and is stored so the next visit starts in it.
 */
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NAMES,
  isLanguage,
  languageOf,
  storeLanguage,
} from '../../i18n/languages.js';
import { TEST_IDS } from '../../selectors.js';

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <NativeSelect
      aria-label={t('preferences.language')}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      data={OPTIONS}
      value={current}
      onChange={(event) => {
        const picked = event.currentTarget.value;
        if (!isLanguage(picked)) return;
        storeLanguage(window.localStorage, picked);
        void i18n.changeLanguage(picked);
      }}
      size="sm"
      w={140}
      data-testid={TEST_IDS.preferences.language}
    />
  );
}
