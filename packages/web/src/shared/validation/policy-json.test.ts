import { describe, expect, it } from 'vitest';
import { problemText } from '../../test/english.js';
import { EMPTY_POLICY_TEMPLATE, formatPolicyJson, policyJsonProblem } from './policy-json.js';

describe('policyJsonProblem', () => {
  it('accepts a JSON object, including the empty template', () => {
    expect(policyJsonProblem(EMPTY_POLICY_TEMPLATE)).toBeNull();
    expect(policyJsonProblem('{"Version":"2012-10-17","Statement":[{"Effect":"Allow"}]}')).toBeNull();
  });

  it('refuses empty text, broken JSON and JSON that is not an object', () => {
    expect(problemText(policyJsonProblem('   '))).toBe('The policy is empty');
    expect(problemText(policyJsonProblem('{"Version": '))).toMatch(/^The policy is not valid JSON: \S/);
    expect(problemText(policyJsonProblem('[]'))).toBe('The policy must be a JSON object');
    expect(problemText(policyJsonProblem('"text"'))).toBe('The policy must be a JSON object');
    expect(problemText(policyJsonProblem('null'))).toBe('The policy must be a JSON object');
  });
});

describe('formatPolicyJson', () => {
  it('indents a compact document and leaves unparsable text untouched', () => {
    expect(formatPolicyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatPolicyJson('{oops')).toBe('{oops');
  });
});
