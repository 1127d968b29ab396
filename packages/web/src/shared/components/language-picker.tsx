/**
 * The language picker: each language under its own name; a pick applies as soon as its catalogues
 * arrived (every text at once, `<html lang>`) and is stored so the next visit starts in it. A
 * language whose catalogues cannot be fetched is not switched to: the texts stay readable, and an
 * error notification says so.
 */
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../../i18n/catalogue-loader.js';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NAMES,
  isLanguage,
  languageOf,
  storeLanguage,
} from '../../i18n/languages.js';
import type { Language } from '../../i18n/languages.js';
import { SHELL_TEST_IDS } from '../test-ids.js';
import { useNotify } from './notify.js';

/** Switches to the language once its catalogues are there; false (nothing changed) if they cannot be fetched. */
async function pickLanguage(i18n: I18n, language: Language): Promise<boolean> {
  if (!(await loadLanguage(i18n, language))) return false;
  storeLanguage(window.localStorage, language);
  await i18n.changeLanguage(language);
  return true;
}

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
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
        void pickLanguage(i18n, picked).then((switched) => {
          if (!switched)
            notify.error({
              message: t('preferences.languageUnavailable', { language: LANGUAGE_NAMES[picked] }),
            });
        });
      }}
      size="sm"
      w={140}
      data-testid={SHELL_TEST_IDS.preferences.language}
    />
  );
}
