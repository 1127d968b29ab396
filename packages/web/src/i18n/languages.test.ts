import { describe, expect, it } from 'vitest';
import { initialLanguage, languageOf, readStoredLanguage, storeLanguage } from './languages.js';

describe('initialLanguage', () => {
  it("takes the user's stored pick first", () => {
    expect(initialLanguage('de', ['en-US'])).toBe('de');
    expect(initialLanguage('en', ['de-DE'])).toBe('en');
  });

  it("otherwise the first of the browser's languages the console has", () => {
    expect(initialLanguage(null, ['de-CH', 'en'])).toBe('de');
    expect(initialLanguage(null, ['fr-FR', 'de', 'en'])).toBe('de');
    expect(initialLanguage(null, ['en-GB', 'de'])).toBe('en');
  });

  it('falls back to English for unsupported or unknown choices', () => {
    expect(initialLanguage(null, ['fr-FR', 'ja'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
    expect(initialLanguage('xx', ['pt-BR'])).toBe('en');
  });
});

describe('languageOf', () => {
  it('reads the primary subtag, case-insensitively', () => {
    expect(languageOf('DE-at')).toBe('de');
    expect(languageOf('english')).toBeUndefined();
  });
});

describe('the stored pick', () => {
  it('round-trips through storage', () => {
    window.localStorage.clear();
    expect(readStoredLanguage(window.localStorage)).toBeNull();
    storeLanguage(window.localStorage, 'de');
    expect(readStoredLanguage(window.localStorage)).toBe('de');
    window.localStorage.clear();
  });
});
