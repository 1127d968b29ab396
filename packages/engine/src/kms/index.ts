/** The built-in KMS (issue 8 §2): the interface, its implementations, the master key and errors. */
export type { DataKey, Kms, KmsKeyInfo } from './types.js';
export { BuiltinKms, KMS_KEYS_PREFIX, type BuiltinKmsOptions, type KmsKeyStore } from './builtin-kms.js';
export { unconfiguredKms } from './unconfigured-kms.js';
export {
  GENERATED_KEY_NAME,
  KMS_KEY_FILE_NAME,
  formatKmsSecretKey,
  parseKmsSecretKey,
  resolveMasterKey,
  type MasterKey,
  type MasterKeySource,
  type ResolvedMasterKey,
} from './master-key.js';
export { KmsDecryptionFailed, KmsKeyExists, KmsKeyNotFound, KmsNotConfigured } from './errors.js';
export { checkKeyName, isValidKeyName, matchesKeyPattern } from './key-names.js';
