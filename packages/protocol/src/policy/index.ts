/**
 * IAM policy documents and their evaluation, shared by the engine (enforcing) and the console
 * server (pages and permission checks), so both answer "may this be done?" the same way.
 */
export {
  CANNED_POLICIES,
  CONSOLE_ADMIN_POLICY,
  DIAGNOSTICS_POLICY,
  READ_ONLY_POLICY,
  READ_WRITE_POLICY,
  WRITE_ONLY_POLICY,
} from './canned-policies.js';
export { lookupCondition } from './condition-keys.js';
export { evaluateConditions, isKnownConditionOperator } from './conditions.js';
export { evaluate, isActionAllowedSomewhere } from './evaluate.js';
export type { EvaluateOptions } from './evaluate.js';
export { ipInCidr, parseCidr, parseIp } from './ip-address.js';
export type { Cidr } from './ip-address.js';
export { mergePolicies } from './merge-policies.js';
export { PolicyParseError, parsePolicy, validatePolicy } from './parse-policy.js';
export { POLICY_VERSION } from './types.js';
export type { ConditionBlock, Effect, Policy, PolicyRequest, Statement } from './types.js';
export { substituteVariables } from './variables.js';
export { escapeWildcard, matchWildcard } from './wildcard.js';
export {
  bucketPolicyVerdict,
  combineAccess,
  isPublicPolicy,
  parseBucketPolicy,
  principalMatches,
} from './bucket-policy.js';
export type {
  AccessInputs,
  AccessVerdict,
  BucketPolicy,
  BucketPolicyStatement,
  PolicyPrincipal,
} from './bucket-policy.js';
