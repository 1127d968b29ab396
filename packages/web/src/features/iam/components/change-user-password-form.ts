/**
 * The rules for changing another user's password (spec 2 §5): Save is enabled only when the retyped
 * password is non-empty and equals the new one; the new one needs at least 8 characters.
 */
import { passwordLengthProblem } from '../../../shared/validation/password-rules.js';
import type { Problem } from '../../../shared/validation/problem.js';

export function canSaveUserPassword(newPassword: string, retype: string): boolean {
  return retype !== '' && retype === newPassword;
}

export function userPasswordProblem(newPassword: string): Problem | null {
  return passwordLengthProblem(newPassword);
}
