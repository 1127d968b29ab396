// Typed keys: `t('…')` only accepts keys of the English catalogues, so a typo or a removed key is a
// compile error rather than a raw key on screen.
import 'i18next';
import type { Messages } from './locales/en/index.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Messages;
  }
}
