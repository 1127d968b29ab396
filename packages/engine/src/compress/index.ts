/** Compression at rest (issue 10 §1): the object-layer decorator and its block format. */
export { withCompression } from './compressing-object-layer.js';
export { shouldCompress, DEFAULT_EXTENSIONS, DEFAULT_MIME_TYPES } from './compression-policy.js';
export { BLOCK_SIZE } from './block-format.js';
