import { describe, expect, it } from 'vitest';
import { problemText } from '../../test/english.js';
import { PASSWORDS_DONT_MATCH, PASSWORD_TOO_SHORT, passwordLengthProblem } from './password-rules.js';

describe('password rules (spec 2 §5)', () => {
  it("uses the spec's texts", () => {
    expect(problemText(PASSWORD_TOO_SHORT)).toBe('Passwords must be at least 8 characters long');
    expect(problemText(PASSWORDS_DONT_MATCH)).toBe("New passwords don't match");
  });

  it('wants at least 8 characters', () => {
    expect(passwordLengthProblem('')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordLengthProblem('1234567')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordLengthProblem('12345678')).toBeNull();
  });
});
