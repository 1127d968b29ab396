/** Encryption at rest (issue 8 §2): the object-layer decorator and the package format. */
export { withEncryption, plaintextView } from './encrypting-object-layer.js';
export { encryptedSize, plaintextSize, PACKAGE_SIZE } from './package-format.js';
