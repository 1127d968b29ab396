import { describe, expect, it } from 'vitest';
import { EMPTY_POLICY_TEMPLATE } from '../../../shared/validation/policy-json.js';
import { isPolicyFormValid, toSavePolicyRequest } from './policy-form.js';

describe('policy form (spec 2 §5)', () => {
  it('needs a name that is not blank after trimming', () => {
    expect(isPolicyFormValid({ name: '', document: EMPTY_POLICY_TEMPLATE })).toBe(false);
    expect(isPolicyFormValid({ name: '  \t ', document: EMPTY_POLICY_TEMPLATE })).toBe(false);
    expect(isPolicyFormValid({ name: ' team ', document: EMPTY_POLICY_TEMPLATE })).toBe(true);
  });

  it('needs a document that is a JSON object', () => {
    expect(isPolicyFormValid({ name: 'team', document: '{"Statement": [' })).toBe(false);
    expect(isPolicyFormValid({ name: 'team', document: '[]' })).toBe(false);
  });

  it('sends the trimmed name and the document as typed', () => {
    expect(toSavePolicyRequest({ name: '  team ', document: '{ }' })).toEqual({
      name: 'team',
      policy: '{ }',
    });
  });
});
