/**
 * The Change Access Policy form's logic, apart from its widgets: where it starts from (the bucket's
 * current access and policy), when Set is enabled (a custom document must at least be a JSON
 * object — the storage server judges the rest), and the request it sends.
 */
import type { BucketAccess, BucketDetails, SetBucketPolicyRequest } from '../../../shared/api/types.js';
import {
  EMPTY_POLICY_TEMPLATE,
  formatPolicyJson,
  policyJsonProblem,
} from '../../../shared/validation/policy-json.js';

export const ACCESS_CHOICES: readonly BucketAccess[] = ['PRIVATE', 'PUBLIC', 'CUSTOM'];

export interface AccessPolicyForm {
  access: BucketAccess;
  /** The custom policy document as typed. */
  definition: string;
}

/** The form for a bucket's current details: its access, and its stored policy to edit from. */
export function initialAccessPolicyForm(current: BucketDetails | undefined): AccessPolicyForm {
  return {
    access: current?.access ?? 'PRIVATE',
    definition:
      current?.definition !== undefined ? formatPolicyJson(current.definition) : EMPTY_POLICY_TEMPLATE,
  };
}

export function isAccessPolicyFormValid(form: AccessPolicyForm): boolean {
  return form.access !== 'CUSTOM' || policyJsonProblem(form.definition) === null;
}

export function toSetBucketPolicyRequest(form: AccessPolicyForm): SetBucketPolicyRequest {
  return form.access === 'CUSTOM'
    ? { access: 'CUSTOM', definition: form.definition }
    : { access: form.access };
}
