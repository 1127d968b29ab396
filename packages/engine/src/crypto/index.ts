/** Encryption at rest (issue 8 §2): the object-layer decorator and the package format. */
export { withEncryption, plaintextView } from './encrypting-object-layer.js';
export { CURRENT_FORMAT, encryptedSize, FORMAT_V1, FORMAT_V2, plaintextSize } from './package-format.js';
