/**
 * One i18next instance per app (or per component test), initialised synchronously from the bundled
 * catalogues so the first render already has its texts. React escapes what it renders, so i18next
 * does not escape interpolated values a second time.
 */
import { createInstance } from 'i18next';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.js';
import type { Language } from './languages.js';
import { NAMESPACES, RESOURCES } from './resources.js';

export function createI18n(language: Language): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: RESOURCES,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
