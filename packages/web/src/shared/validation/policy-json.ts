/**
 * Validation of policy documents typed into the console's JSON editors (Create Policy, policy
 * details, a service account's restricting policy). The browser checks only the form — JSON text
 * holding an object — so Save can stay disabled while the text cannot be a policy; what the
 * statements mean is the storage server's to judge (its refusal is shown as the error answer).
 */
import type { Problem } from './problem.js';

/** A policy to start from: nothing allowed yet. */
export const EMPTY_POLICY_TEMPLATE = `{
  "Version": "2012-10-17",
  "Statement": []
}`;

/** Why `text` cannot be a policy document, or null when it can. */
export function policyJsonProblem(text: string): Problem | null {
  if (text.trim() === '') return { key: 'validation.policyEmpty' };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return {
      key: 'validation.policyNotJson',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { key: 'validation.policyNotObject' };
  }
  return null;
}

/** Pretty-prints a policy document when it parses, leaving any other text as it is. */
export function formatPolicyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return text;
  }
}
