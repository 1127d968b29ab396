/**
 * @coffer/protocol — wire formats shared by the engine (verifying side) and clients (signing side):
 * SigV4 and aws-chunked signatures, madmin payload encryption, HMAC JWTs, the IAM policy engine,
 * and MinIO's erasure-set maths.
 * Pure code, no I/O.
 */
export {
  ErasureSetError,
  defaultParity,
  erasureSetSize,
  parityOptions,
  writeQuorum,
} from './erasure-sets.js';
export { EMPTY_SHA256, hmacSha256, sha256Hex, timingSafeEqualString } from './hash.js';
export {
  MAX_PRESIGN_EXPIRES_SECONDS,
  SIGV4_ALGORITHM,
  STREAMING_PAYLOAD,
  STREAMING_PAYLOAD_TRAILER,
  STREAMING_UNSIGNED_PAYLOAD_TRAILER,
  UNSIGNED_PAYLOAD,
  canonicalHeaderValue,
  canonicalPath,
  canonicalQuery,
  canonicalRequest,
  chunkSignature,
  chunkStringToSign,
  credentialScope,
  deriveSigningKey,
  formatAmzDate,
  parseAmzDate,
  parseAuthorizationHeader,
  parseCredential,
  percentDecodeToBytes,
  postPolicySignature,
  presignUrl,
  signRequest,
  signString,
  stringToSign,
  trailerSignature,
  uriEncode,
} from './sigv4.js';
export type {
  CanonicalRequestInput,
  ParsedAuthorization,
  ParsedCredential,
  PresignUrlInput,
  SignRequestInput,
} from './sigv4.js';
export {
  MADMIN_ALG_ARGON2ID_AES_GCM,
  MADMIN_ALG_ARGON2ID_CHACHA20_POLY1305,
  MADMIN_ALG_PBKDF2_AES_GCM,
  PayloadDecryptError,
  decryptData,
  deriveMadminKey,
  encryptData,
  isEncrypted,
} from './madmin-crypto.js';
export type { EncryptDataOptions, MadminAlgorithm } from './madmin-crypto.js';
export { JwtError, decodeJwt, signJwt, verifyJwt } from './jwt.js';
export type { JwtAlgorithm } from './jwt.js';
export {
  CANNED_POLICIES,
  CONSOLE_ADMIN_POLICY,
  DIAGNOSTICS_POLICY,
  POLICY_VERSION,
  PolicyParseError,
  READ_ONLY_POLICY,
  READ_WRITE_POLICY,
  WRITE_ONLY_POLICY,
  bucketPolicyVerdict,
  combineAccess,
  escapeWildcard,
  evaluate,
  evaluateConditions,
  ipInCidr,
  isActionAllowedSomewhere,
  isKnownConditionOperator,
  isPublicPolicy,
  lookupCondition,
  matchWildcard,
  mergePolicies,
  parseCidr,
  parseBucketPolicy,
  parseIp,
  parsePolicy,
  principalMatches,
  substituteVariables,
  validatePolicy,
} from './policy/index.js';
export type {
  AccessInputs,
  AccessVerdict,
  BucketPolicy,
  BucketPolicyStatement,
  Cidr,
  ConditionBlock,
  Effect,
  EvaluateOptions,
  Policy,
  PolicyPrincipal,
  PolicyRequest,
  Statement,
} from './policy/index.js';
export { TRACE_TYPE_BITS, type TraceInfo, type TraceTypeName } from './madmin-trace.js';
