/**
 * The languages the console speaks and how one is chosen: the user's stored pick when it is still
 * supported, otherwise the first of the browser's preferred languages the console has, otherwise
 * English. Only an explicit pick is stored, so a browser whose language changes later is followed
 * until the user chooses.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language under its own name (an endonym is what a reader looks for in a picker). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

export const LANGUAGE_STORAGE_KEY = 'coffer.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The supported language a BCP 47 tag ('de-CH', 'en') asks for, if any. */
export function languageOf(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The language to start in: stored pick, then the browser's preferences in order, then English. */
export function initialLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language !== undefined) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Reads the stored pick; storage that throws (disabled, sandboxed) counts as no pick. */
export function readStoredLanguage(storage: Storage): string | null {
  try {
    return storage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores an explicit pick; a storage that refuses only loses the persistence. */
export function storeLanguage(storage: Storage, language: Language): void {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice still applies to this page.
  }
}
