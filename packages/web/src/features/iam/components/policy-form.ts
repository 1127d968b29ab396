/**
 * The rules of the policy forms (spec 2 §5): the name must be non-empty after trimming (and is
 * read-only when editing), and the document must be a JSON object. The trimmed name is sent.
 */
import { policyJsonProblem } from '../../../shared/validation/policy-json.js';
import type { SavePolicyRequest } from '../../../shared/api/types.js';

export interface PolicyForm {
  name: string;
  document: string;
}

export function isPolicyFormValid(form: PolicyForm): boolean {
  return form.name.trim() !== '' && policyJsonProblem(form.document) === null;
}

export function toSavePolicyRequest(form: PolicyForm): SavePolicyRequest {
  return { name: form.name.trim(), policy: form.document };
}
