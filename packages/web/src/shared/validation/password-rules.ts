/**
 * The password rules of spec 2 §5 and §9, shared by the account's own password change, the
 * password change for another user and Create User: a minimum of 8 characters, and a retyped
 * password that must match. The texts are the spec's, word for word, in the `common` catalogue.
 */
import type { Problem } from './problem.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT: Problem = { key: 'validation.passwordTooShort' };
export const PASSWORDS_DONT_MATCH: Problem = { key: 'validation.passwordsDontMatch' };

/** The problem with a new secret key, or null when it is long enough. */
export function passwordLengthProblem(password: string): Problem | null {
  return password.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : null;
}
