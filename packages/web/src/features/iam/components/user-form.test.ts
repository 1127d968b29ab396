import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT } from '../../../shared/validation/password-rules.js';
import {
  EMPTY_CREATE_USER_FORM,
  canSaveCreateUser,
  createUserProblem,
  toCreateUserRequest,
} from './user-form.js';

describe('Create User form (spec 2 §5)', () => {
  it('enables Save only when the access key and the secret key are not blank', () => {
    expect(canSaveCreateUser(EMPTY_CREATE_USER_FORM)).toBe(false);
    expect(canSaveCreateUser({ ...EMPTY_CREATE_USER_FORM, accessKey: 'alice' })).toBe(false);
    expect(canSaveCreateUser({ ...EMPTY_CREATE_USER_FORM, accessKey: 'alice', secretKey: '   ' })).toBe(
      false,
    );
    expect(canSaveCreateUser({ ...EMPTY_CREATE_USER_FORM, accessKey: ' ', secretKey: 'x' })).toBe(false);
    expect(canSaveCreateUser({ ...EMPTY_CREATE_USER_FORM, accessKey: 'alice', secretKey: 'x' })).toBe(true);
  });

  it('refuses a secret key under 8 characters with the spec text', () => {
    expect(createUserProblem({ ...EMPTY_CREATE_USER_FORM, accessKey: 'a', secretKey: '1234567' })).toBe(
      PASSWORD_TOO_SHORT,
    );
    expect(
      createUserProblem({ ...EMPTY_CREATE_USER_FORM, accessKey: 'a', secretKey: '12345678' }),
    ).toBeNull();
  });

  it('sends the trimmed access key, the secret as typed, and the chosen groups and policies', () => {
    expect(
      toCreateUserRequest({
        accessKey: ' alice ',
        secretKey: ' secret-key ',
        groups: new Set(['b', 'a']),
        policies: new Set(['readonly']),
      }),
    ).toEqual({ accessKey: 'alice', secretKey: ' secret-key ', groups: ['a', 'b'], policies: ['readonly'] });
  });
});
