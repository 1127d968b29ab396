/** The English texts for unit tests of modules that answer catalogue keys (validation, notices). */
import { createBundledI18n } from './bundled-i18n.js';
import type { Problem } from '../shared/validation/problem.js';

export const english = createBundledI18n('en');

/** The English message of a validation problem. */
export function problemText(problem: Problem | null): string | null {
  return problem === null ? null : english.t(problem.key, { detail: problem.detail ?? '' });
}
