/**
 * The account's own password change (spec 2 §5): Save is enabled when all three fields are
 * non-empty; saving with differing new passwords says "New passwords don't match", and a new
 * password under 8 characters 'Passwords must be at least 8 characters long'.
 */
import { PASSWORDS_DONT_MATCH, passwordLengthProblem } from '../../../shared/validation/password-rules.js';
import type { Problem } from '../../../shared/validation/problem.js';

export interface ChangePasswordForm {
  current: string;
  newPassword: string;
  retype: string;
}

export const EMPTY_CHANGE_PASSWORD_FORM: ChangePasswordForm = { current: '', newPassword: '', retype: '' };

export function canSaveChangePassword(form: ChangePasswordForm): boolean {
  return form.current !== '' && form.newPassword !== '' && form.retype !== '';
}

/** The problem that keeps the form from being sent, or null. */
export function changePasswordProblem(form: ChangePasswordForm): Problem | null {
  if (form.newPassword !== form.retype) return PASSWORDS_DONT_MATCH;
  return passwordLengthProblem(form.newPassword);
}
