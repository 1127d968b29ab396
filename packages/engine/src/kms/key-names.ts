/**
 * Names of KMS keys and the glob patterns of `kms/key/list`. A key name becomes a file name in the
 * system area, so it is kept to a safe alphabet (letters, digits, `-`, `_`, `.`; not starting with
 * a dot; at most 128 characters) — the names KES and MinIO users write in practice.
 */
import { InvalidArgument } from '../common/errors.js';

const KEY_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Whether `name` can name a KMS key. */
export function isValidKeyName(name: string): boolean {
  return KEY_NAME.test(name);
}

/** Throws InvalidArgument (with the rule) unless `name` can name a KMS key. */
export function checkKeyName(name: string): void {
  if (!isValidKeyName(name)) {
    throw new InvalidArgument(
      `Invalid KMS key name '${name}': use 1 to 128 letters, digits, '-', '_' or '.', not starting with '.'`,
    );
  }
}

/** Whether `name` matches a glob `pattern` (`*` any run of characters, `?` one; `''` like `*`). */
export function matchesKeyPattern(pattern: string, name: string): boolean {
  if (pattern === '' || pattern === '*') return true;
  const source = [...pattern]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(name);
}
