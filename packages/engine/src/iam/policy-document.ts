/**
 * Minimal IAM policy-document handling for this issue: the built-in `consoleAdmin` policy (what
 * root effectively has, reported by admin `accountinfo`) and the shape check STS applies to a
 * session policy. Full policy evaluation (actions, resources, conditions) arrives with issue 4;
 * until then a session policy is validated and kept with the temporary credential, not enforced.
 */

/** Policy language version MinIO accepts (minio/pkg `DefaultVersion`). */
export const POLICY_VERSION = '2012-10-17';

/** MinIO's built-in `consoleAdmin` policy (wire doc Appendix B). */
export const CONSOLE_ADMIN_POLICY = {
  Version: POLICY_VERSION,
  Statement: [
    { Effect: 'Allow', Action: ['admin:*'] },
    { Effect: 'Allow', Action: ['kms:*'] },
    { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
  ],
} as const;

/** A policy document that fails the shape check; `message` says why (shown to the client). */
export class PolicyDocumentError extends Error {
  override readonly name = 'PolicyDocumentError';
}

function isStringOrStrings(v: unknown): boolean {
  return typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

/**
 * Parse a policy document and check its outline: an object with `Version` 2012-10-17 and a
 * non-empty `Statement` (an object or an array) whose entries have `Effect` Allow/Deny and
 * `Action` (or `NotAction`) as a string or strings. Returns the document re-serialised compactly.
 */
export function parsePolicyDocument(text: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PolicyDocumentError(`policy is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new PolicyDocumentError('policy must be a JSON object');
  }
  const { Version, Statement } = doc as Record<string, unknown>;
  if (Version === undefined || Version === '') {
    throw new PolicyDocumentError(`Version cannot be empty expecting '${POLICY_VERSION}'`);
  }
  if (Version !== POLICY_VERSION) {
    throw new PolicyDocumentError(
      `invalid policy version '${String(Version)}', expecting '${POLICY_VERSION}'`,
    );
  }
  const statements = Array.isArray(Statement) ? Statement : Statement === undefined ? [] : [Statement];
  if (statements.length === 0) throw new PolicyDocumentError('policy has no Statement');
  for (const statement of statements) {
    if (typeof statement !== 'object' || statement === null || Array.isArray(statement)) {
      throw new PolicyDocumentError('each policy Statement must be an object');
    }
    const s = statement as Record<string, unknown>;
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') {
      throw new PolicyDocumentError(`invalid Effect ${JSON.stringify(s.Effect)}: expecting Allow or Deny`);
    }
    const action = s.Action ?? s.NotAction;
    if (action === undefined || !isStringOrStrings(action)) {
      throw new PolicyDocumentError('each policy Statement needs Action (a string or a list of strings)');
    }
    for (const key of ['Resource', 'NotResource'] as const) {
      if (s[key] !== undefined && !isStringOrStrings(s[key])) {
        throw new PolicyDocumentError(`policy ${key} must be a string or a list of strings`);
      }
    }
  }
  return JSON.stringify(doc);
}
