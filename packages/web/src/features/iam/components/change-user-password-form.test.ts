import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT } from '../../../shared/validation/password-rules.js';
import { canSaveUserPassword, userPasswordProblem } from './change-user-password-form.js';

describe('change password for another user (spec 2 §5)', () => {
  it('enables Save only when the retype is non-empty and equal', () => {
    expect(canSaveUserPassword('', '')).toBe(false);
    expect(canSaveUserPassword('new-secret', '')).toBe(false);
    expect(canSaveUserPassword('new-secret', 'new-secreT')).toBe(false);
    expect(canSaveUserPassword('new-secret', 'new-secret')).toBe(true);
  });

  it('wants at least 8 characters', () => {
    expect(userPasswordProblem('short')).toBe(PASSWORD_TOO_SHORT);
    expect(userPasswordProblem('long-enough')).toBeNull();
  });
});
