/**
 * The Create User form's rules (spec 2 §5): Save is enabled when the access key and the secret key
 * are not blank; a secret key under 8 characters is refused with 'Passwords must be at least 8
 * characters long' when saving. The chosen groups and policies go with the new user.
 */
import type { CreateUserRequest } from '../../../shared/api/types.js';
import { passwordLengthProblem } from '../../../shared/validation/password-rules.js';
import type { Problem } from '../../../shared/validation/problem.js';

export interface CreateUserForm {
  accessKey: string;
  secretKey: string;
  groups: ReadonlySet<string>;
  policies: ReadonlySet<string>;
}

export const EMPTY_CREATE_USER_FORM: CreateUserForm = {
  accessKey: '',
  secretKey: '',
  groups: new Set(),
  policies: new Set(),
};

export function canSaveCreateUser(form: CreateUserForm): boolean {
  return form.accessKey.trim() !== '' && form.secretKey.trim() !== '';
}

/** The problem that keeps the form from being sent, or null. */
export function createUserProblem(form: CreateUserForm): Problem | null {
  return passwordLengthProblem(form.secretKey);
}

export function toCreateUserRequest(form: CreateUserForm): CreateUserRequest {
  return {
    accessKey: form.accessKey.trim(),
    secretKey: form.secretKey,
    groups: [...form.groups].sort(),
    policies: [...form.policies].sort(),
  };
}
