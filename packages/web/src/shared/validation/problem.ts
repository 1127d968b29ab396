/**
 * What a validation rule answers when it refuses a form: the catalogue key of its message (in the
 * `common` namespace, `validation.*`) and, for messages that quote a detail, that detail. Rules stay
 * free of React and of the current language; the form shows the text with `t`.
 */
import type { Messages } from '../../i18n/locales/en/index.js';

export type ValidationKey = `validation.${keyof Messages['common']['validation']}`;

export interface Problem {
  key: ValidationKey;
  detail?: string;
}
