/**
 * An i18next instance with every catalogue of both languages bundled and initialised synchronously,
 * for component and unit tests that render a screen directly (without its lazy loading).
 */
import { createInstance } from 'i18next';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from '../i18n/create-i18n.js';
import type { Language } from '../i18n/languages.js';
import { NAMESPACES, RESOURCES } from '../i18n/resources.js';

export function createBundledI18n(language: Language): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: language,
    ns: NAMESPACES,
    resources: RESOURCES,
    initAsync: false,
  });
  return instance;
}
