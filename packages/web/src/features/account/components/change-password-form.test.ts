import { describe, expect, it } from 'vitest';
import { PASSWORDS_DONT_MATCH, PASSWORD_TOO_SHORT } from '../../../shared/validation/password-rules.js';
import {
  EMPTY_CHANGE_PASSWORD_FORM,
  canSaveChangePassword,
  changePasswordProblem,
} from './change-password-form.js';

describe("the account's change password form (spec 2 §5)", () => {
  it('enables Save only when all three fields are non-empty', () => {
    expect(canSaveChangePassword(EMPTY_CHANGE_PASSWORD_FORM)).toBe(false);
    expect(canSaveChangePassword({ current: 'a', newPassword: 'b', retype: '' })).toBe(false);
    expect(canSaveChangePassword({ current: '', newPassword: 'b', retype: 'b' })).toBe(false);
    expect(canSaveChangePassword({ current: 'a', newPassword: 'b', retype: 'c' })).toBe(true);
  });

  it("says the new passwords don't match, then that they are too short", () => {
    expect(changePasswordProblem({ current: 'old', newPassword: 'long-enough', retype: 'long-enougH' })).toBe(
      PASSWORDS_DONT_MATCH,
    );
    expect(changePasswordProblem({ current: 'old', newPassword: 'short', retype: 'shorT' })).toBe(
      PASSWORDS_DONT_MATCH,
    );
    expect(changePasswordProblem({ current: 'old', newPassword: 'short', retype: 'short' })).toBe(
      PASSWORD_TOO_SHORT,
    );
    expect(
      changePasswordProblem({ current: 'old', newPassword: 'long-enough', retype: 'long-enough' }),
    ).toBeNull();
  });
});
