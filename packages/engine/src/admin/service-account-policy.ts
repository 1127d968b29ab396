/**
 * What service-account and temporary-credential info calls report as `policy`: the credential's
 * own session policy when it has one, else its "implied" policy — the parent's combined policy
 * (consoleAdmin for root) — as indented JSON text, with `impliedPolicy` telling which.
 */
import type { IamSystem } from '../iam/iam-system.js';
import { mergePolicies } from '@coffer/protocol';
import { indentedPolicy } from './iam-json.js';

export function reportedPolicy(
  iam: IamSystem,
  accessKey: string,
  parentUser: string,
): { impliedPolicy: boolean; policy: string } {
  const session = iam.sessionPolicyDocument(accessKey);
  if (session !== undefined) return { impliedPolicy: false, policy: indentedPolicy(session) };
  // An identity provider's key acts by its federated policies, not a local account's.
  const credential = iam.lookupNow(accessKey);
  const implied =
    credential?.federation !== undefined
      ? iam.credentialPolicies(credential)
      : iam.accountPolicies(parentUser);
  return { impliedPolicy: true, policy: indentedPolicy(mergePolicies(implied)) };
}

/**
 * A request's `policy` / `newPolicy` value → policy JSON text, or undefined for "none": absent,
 * null, or a document with neither Version nor Statement (`{}`, MinIO's way to ask for the implied
 * policy).
 */
export function requestedSessionPolicy(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const doc = value as Record<string, unknown>;
    const noVersion = doc.Version === undefined || doc.Version === '';
    const noStatement =
      doc.Statement === undefined ||
      doc.Statement === null ||
      (Array.isArray(doc.Statement) && doc.Statement.length === 0);
    if (noVersion && noStatement) return undefined;
  }
  return JSON.stringify(value);
}
