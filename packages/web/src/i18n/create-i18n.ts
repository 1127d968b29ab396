/**
 * The app's i18next instance. Only English's shell catalogues are bundled; German and every area's
 * catalogue are fetched on demand (`catalogue-loader.ts`), so the first load carries one language's
 * shell texts. `createI18n` resolves once the starting language's shell catalogues are there, and
 * the app renders only then: a German reader never sees English or raw keys first. React escapes
 * what it renders, so i18next does not escape interpolated values a second time.
 */
import { createInstance } from 'i18next';
import type { InitOptions, i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.js';
import type { Language } from './languages.js';
import { catalogueBackend, hasCatalogues } from './catalogue-loader.js';
import { SHELL_NAMESPACES } from './namespaces.js';
import { auth } from './locales/en/auth.js';
import { common } from './locales/en/common.js';
import { layout } from './locales/en/layout.js';

/**
 * What every instance shares (the app's and the tests'). No fallback language: German has every
 * key English has (the compiler and `catalogues.test.ts` check), so a fallback would only fetch
 * English catalogues for German readers.
 */
export const I18N_OPTIONS = {
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;

export async function createI18n(language: Language): Promise<i18n> {
  const instance = createInstance();
  await instance
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [...SHELL_NAMESPACES],
      resources: { en: { common, layout, auth } },
      // The bundled resources are a part: the backend fetches the rest.
      partialBundledLanguages: true,
    });
  // A language whose shell could not be fetched (offline mid-upgrade): English, which is bundled.
  if (!hasCatalogues(instance, instance.language, SHELL_NAMESPACES)) {
    await instance.changeLanguage(DEFAULT_LANGUAGE);
  }
  return instance;
}
