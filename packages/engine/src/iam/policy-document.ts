/**
 * Policy documents the engine receives as text outside the admin policy calls — the STS session
 * `Policy` of AssumeRole — checked with the shared policy code (`@coffer/protocol` `parsePolicy`
 * and the store-time `validatePolicy`) and kept compact. The built-in `consoleAdmin` policy is
 * re-exported for callers that report root's effective policy.
 */
import {
  CONSOLE_ADMIN_POLICY as CONSOLE_ADMIN,
  PolicyParseError,
  parsePolicy,
  validatePolicy,
} from '@coffer/protocol';

/** Policy language version MinIO accepts (minio/pkg `DefaultVersion`). */
export const POLICY_VERSION = '2012-10-17';

/** MinIO's built-in `consoleAdmin` policy (wire doc Appendix B). */
export const CONSOLE_ADMIN_POLICY = CONSOLE_ADMIN;

/** A policy document that fails the checks; `message` says why (shown to the client). */
export class PolicyDocumentError extends Error {
  override readonly name = 'PolicyDocumentError';
}

/**
 * Parse and check a policy document (Version 2012-10-17, statements with Effect, Action or
 * NotAction, Resource for S3 statements, known condition operators). Returns the document
 * re-serialised compactly.
 */
export function parsePolicyDocument(text: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PolicyDocumentError(`policy is not valid JSON: ${(err as Error).message}`);
  }
  try {
    validatePolicy(parsePolicy(doc));
  } catch (err) {
    if (err instanceof PolicyParseError) throw new PolicyDocumentError(err.message);
    throw err;
  }
  return JSON.stringify(doc);
}
