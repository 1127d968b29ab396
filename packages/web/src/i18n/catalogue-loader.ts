/**
 * Where the catalogues that are not in the first load come from: each namespace of each language is
 * its own module, imported on demand (so its own chunk in the build). English's shell namespaces
 * are bundled (`create-i18n.ts`); German is fetched only when it is the language, and an area's
 * namespace only with its screens. The loader table is written out because a bundler splits only
 * literal `import()`s; `catalogue-loader.test.ts` checks each entry loads its own catalogue.
 */
import type { BackendModule, i18n } from 'i18next';
import type { Language } from './languages.js';
import type { Namespace } from './namespaces.js';

type Loader = () => Promise<object>;

const ENGLISH: Partial<Record<Namespace, Loader>> = {
  account: () => import('./locales/en/account.js').then((m) => m.account),
  buckets: () => import('./locales/en/buckets.js').then((m) => m.buckets),
  objects: () => import('./locales/en/objects.js').then((m) => m.objects),
  iam: () => import('./locales/en/iam.js').then((m) => m.iam),
  settings: () => import('./locales/en/settings.js').then((m) => m.settings),
  trace: () => import('./locales/en/trace.js').then((m) => m.trace),
  logs: () => import('./locales/en/logs.js').then((m) => m.logs),
  auditLogs: () => import('./locales/en/audit-logs.js').then((m) => m.auditLogs),
  diagnostics: () => import('./locales/en/diagnostics.js').then((m) => m.diagnostics),
  heal: () => import('./locales/en/heal.js').then((m) => m.heal),
  watch: () => import('./locales/en/watch.js').then((m) => m.watch),
  dashboard: () => import('./locales/en/dashboard.js').then((m) => m.dashboard),
  license: () => import('./locales/en/license.js').then((m) => m.license),
  tenants: () => import('./locales/en/tenants.js').then((m) => m.tenants),
  storage: () => import('./locales/en/storage.js').then((m) => m.storage),
  tenantCreate: () => import('./locales/en/tenant-create.js').then((m) => m.tenantCreate),
};

const GERMAN: Record<Namespace, Loader> = {
  common: () => import('./locales/de/common.js').then((m) => m.common),
  layout: () => import('./locales/de/layout.js').then((m) => m.layout),
  auth: () => import('./locales/de/auth.js').then((m) => m.auth),
  account: () => import('./locales/de/account.js').then((m) => m.account),
  buckets: () => import('./locales/de/buckets.js').then((m) => m.buckets),
  objects: () => import('./locales/de/objects.js').then((m) => m.objects),
  iam: () => import('./locales/de/iam.js').then((m) => m.iam),
  settings: () => import('./locales/de/settings.js').then((m) => m.settings),
  trace: () => import('./locales/de/trace.js').then((m) => m.trace),
  logs: () => import('./locales/de/logs.js').then((m) => m.logs),
  auditLogs: () => import('./locales/de/audit-logs.js').then((m) => m.auditLogs),
  diagnostics: () => import('./locales/de/diagnostics.js').then((m) => m.diagnostics),
  heal: () => import('./locales/de/heal.js').then((m) => m.heal),
  watch: () => import('./locales/de/watch.js').then((m) => m.watch),
  dashboard: () => import('./locales/de/dashboard.js').then((m) => m.dashboard),
  license: () => import('./locales/de/license.js').then((m) => m.license),
  tenants: () => import('./locales/de/tenants.js').then((m) => m.tenants),
  storage: () => import('./locales/de/storage.js').then((m) => m.storage),
  tenantCreate: () => import('./locales/de/tenant-create.js').then((m) => m.tenantCreate),
};

/** The catalogues fetched on demand, by language (English's shell ones are bundled instead). */
export const CATALOGUE_LOADERS: Record<Language, Partial<Record<Namespace, Loader>>> = {
  en: ENGLISH,
  de: GERMAN,
};

/**
 * i18next's backend: it asks for a namespace of a language when a screen needs it or the language
 * changes. A failed fetch is not retried (a browser keeps a failed module import failed).
 */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string) => {
    const load = CATALOGUE_LOADERS[language as Language]?.[namespace as Namespace];
    if (load === undefined) return Promise.reject(new Error(`No catalogue ${language}/${namespace}`));
    return load();
  },
};

/** Whether every one of the namespaces is there in the language. */
export function hasCatalogues(instance: i18n, language: string, namespaces: readonly string[]): boolean {
  return namespaces.every((namespace) => instance.hasResourceBundle(language, namespace));
}

const pending = new WeakMap<i18n, Map<string, Promise<void>>>();

/**
 * The namespaces in the current language, fetched once per instance, language and set: the same
 * promise on every call, as React's `use` needs to suspend on it. Rejects when one could not be
 * fetched, so the screen shows its load failure rather than raw keys.
 */
export function loadCatalogues(instance: i18n, namespaces: readonly Namespace[]): Promise<void> {
  const language = instance.language;
  const key = `${language}|${namespaces.join(',')}`;
  let byKey = pending.get(instance);
  if (byKey === undefined) pending.set(instance, (byKey = new Map()));
  let loading = byKey.get(key);
  if (loading === undefined) {
    loading = instance.loadNamespaces([...namespaces]).then(() => {
      if (!hasCatalogues(instance, language, namespaces)) {
        throw new Error(`Catalogues ${namespaces.join(', ')} (${language}) could not be fetched`);
      }
    });
    byKey.set(key, loading);
  }
  return loading;
}

/**
 * Fetches a language's catalogues for every namespace in use (the shell's and those of the screens
 * seen so far); false when one could not be fetched, so the caller can stay in the current language.
 */
export async function loadLanguage(instance: i18n, language: Language): Promise<boolean> {
  await instance.loadLanguages(language);
  const inUse = instance.options.ns;
  const namespaces = inUse === undefined ? [] : typeof inUse === 'string' ? [inUse] : inUse;
  return hasCatalogues(instance, language, namespaces);
}
