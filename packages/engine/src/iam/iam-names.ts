/**
 * The rules IAM names and secrets follow, as MinIO applies them (`internal/auth/credentials.go`,
 * `cmd/admin-handlers-users.go`): access keys of at least 3 characters without `=` or `,`, secret
 * keys of at least 8; user, group and policy names without leading or trailing spaces; policy names
 * without commas (a user's policies travel as one comma-separated string); service-account names
 * matching `^[a-zA-Z][a-zA-Z0-9_-]*$` up to 32 characters and descriptions up to 256 bytes.
 * Upper bounds MinIO does not set are added so a name always fits a file name and a header.
 */
import { AdminInvalidArgument } from '../bucket/errors.js';
import {
  AdminInvalidAccessKey,
  AdminInvalidResourceName,
  AdminInvalidSecretKey,
  PolicyInvalidName,
} from './errors.js';

export const ACCESS_KEY_MIN_LENGTH = 3;
export const ACCESS_KEY_MAX_LENGTH = 128;
export const SECRET_KEY_MIN_LENGTH = 8;
export const SECRET_KEY_MAX_LENGTH = 1024;
export const NAME_MAX_LENGTH = 128;
export const SERVICE_ACCOUNT_NAME_MAX_LENGTH = 32;
export const SERVICE_ACCOUNT_DESCRIPTION_MAX_BYTES = 256;

/** Spaces at either end, or nothing at all (MinIO `hasSpaceBE` plus emptiness). */
export function hasSpaceAtEnds(name: string): boolean {
  return name.trim() !== name;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A user's access key (also the user's name). */
export function checkAccessKey(accessKey: string): void {
  if (accessKey === '' || hasSpaceAtEnds(accessKey)) throw new AdminInvalidResourceName();
  if (
    [...accessKey].length < ACCESS_KEY_MIN_LENGTH ||
    accessKey.length > ACCESS_KEY_MAX_LENGTH ||
    /[=,]/.test(accessKey) ||
    CONTROL.test(accessKey)
  ) {
    throw new AdminInvalidAccessKey(
      `The access key is invalid: ${ACCESS_KEY_MIN_LENGTH} to ${ACCESS_KEY_MAX_LENGTH} characters without '=', ',' or control characters.`,
    );
  }
}

export function checkSecretKey(secretKey: string): void {
  if (secretKey.length < SECRET_KEY_MIN_LENGTH || secretKey.length > SECRET_KEY_MAX_LENGTH) {
    throw new AdminInvalidSecretKey(
      `The secret key is invalid: it must be ${SECRET_KEY_MIN_LENGTH} to ${SECRET_KEY_MAX_LENGTH} characters long.`,
    );
  }
}

/** Group names: non-empty, no spaces at the ends, no comma (MinIO joins them with commas). */
export function checkGroupName(name: string): void {
  if (
    name === '' ||
    hasSpaceAtEnds(name) ||
    name.length > NAME_MAX_LENGTH ||
    name.includes(',') ||
    CONTROL.test(name)
  ) {
    throw new AdminInvalidResourceName();
  }
}

/** Policy names: non-empty, no spaces at the ends, no comma. */
export function checkPolicyName(name: string): void {
  if (name.includes(',')) throw new PolicyInvalidName();
  if (name === '' || hasSpaceAtEnds(name) || name.length > NAME_MAX_LENGTH || CONTROL.test(name)) {
    throw new AdminInvalidResourceName();
  }
}

export function checkServiceAccountName(name: string): void {
  if (name.length > SERVICE_ACCOUNT_NAME_MAX_LENGTH || !/^[a-zA-Z][a-zA-Z0-9_-]*$/.test(name)) {
    throw new AdminInvalidArgument(
      'name must start with a letter, contain only letters, digits, _ and -, and be at most 32 characters long',
    );
  }
}

export function checkServiceAccountDescription(description: string): void {
  if (Buffer.byteLength(description, 'utf8') > SERVICE_ACCOUNT_DESCRIPTION_MAX_BYTES) {
    throw new AdminInvalidArgument('description must be at most 256 bytes long');
  }
}

/** `"p1,p2, p3"` → `['p1', 'p2', 'p3']` (empty items dropped, duplicates kept once). */
export function splitPolicyNames(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const name = raw.trim();
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}
