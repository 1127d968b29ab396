/** Page object of the language picker and theme controls (side menu and login screen alike). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.preferences;

export class Preferences {
  constructor(private readonly page: Page) {}

  get language() {
    return this.page.getByTestId(ids.language);
  }
  get colorSchemeToggle() {
    return this.page.getByTestId(ids.colorScheme);
  }
  get systemScheme() {
    return this.page.getByTestId(ids.systemScheme);
  }

  /** Picks a language ('en', 'de') and waits until the document says it is in it. */
  async pickLanguage(language: string): Promise<void> {
    await this.language.selectOption(language);
    await this.page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  }

  /** The colour scheme the page is drawn in ('light' or 'dark'). */
  scheme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  }

  /** Waits until the page is drawn in `scheme`. */
  async waitForScheme(scheme: 'light' | 'dark'): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
      scheme,
    );
  }
}
