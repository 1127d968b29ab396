/**
 * The union of several policies as one document (minio/pkg `MergePolicies`): every statement of
 * every policy, in order, with exact duplicates dropped. Evaluating the merged policy is the same
 * as evaluating the list; MinIO reports an account's effective policy in this form (admin
 * `accountinfo`, a service account's implied policy).
 */
import { POLICY_VERSION, type Policy, type Statement } from './types.js';

/** A statement's identity for de-duplication: its fields in a fixed order. */
function statementKey(s: Statement): string {
  return JSON.stringify([
    s.Sid ?? '',
    s.Effect,
    s.Action ?? null,
    s.NotAction ?? null,
    s.Resource ?? null,
    s.NotResource ?? null,
    s.Condition ?? null,
  ]);
}

export function mergePolicies(policies: readonly Policy[]): Policy {
  const seen = new Set<string>();
  const statements: Statement[] = [];
  for (const policy of policies) {
    for (const statement of policy.Statement) {
      const key = statementKey(statement);
      if (seen.has(key)) continue;
      seen.add(key);
      statements.push(statement);
    }
  }
  return { Version: POLICY_VERSION, Statement: statements };
}
