/**
 * Which writes are compressed, from the `compression` configuration read at each write (the
 * sub-system is dynamic in MinIO: a change applies to the next write). MinIO's rule: compression
 * enabled; no SSE unless `allow_encryption` is on; not a type that is already compressed (MinIO's
 * fixed exclusions); and the key ends with one of `extensions` or the content type matches one of
 * `mime_types` (`*` wildcards) — both lists empty means every object. Bodies of 4 KiB or less are
 * never compressed (MinIO's minimum compressible size).
 */
import { csv, isOn, type ConfigReader } from '../config/types.js';

export const DEFAULT_EXTENSIONS = '.txt,.log,.csv,.json,.tar,.xml,.bin';
export const DEFAULT_MIME_TYPES = 'text/*,application/json,application/xml,binary/octet-stream';
/** Bodies of this size or less stay uncompressed. */
export const MIN_COMPRESSIBLE_SIZE = 4096;

// Already-compressed content (MinIO's built-in exclusions): compressing it again only costs time.
const EXCLUDED_EXTENSIONS = [
  '.gz',
  '.bz2',
  '.rar',
  '.zip',
  '.7z',
  '.xz',
  '.mp4',
  '.mkv',
  '.mov',
  '.jpg',
  '.png',
  '.gif',
];
const EXCLUDED_TYPES = [
  'video/*',
  'audio/*',
  'application/zip',
  'application/x-gzip',
  'application/x-zip-compressed',
  'application/x-compress',
  'application/x-spoon',
];

/** `pattern` with `*` matching any run of characters, case-insensitive. */
function matches(pattern: string, value: string): boolean {
  const escaped = pattern
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`).test(value.toLowerCase());
}

export interface WriteDescription {
  key: string;
  contentType: string | undefined;
  /** The write asks for SSE (its own headers or the bucket default). */
  encrypted: boolean;
  /** Declared body size, -1 when unknown. */
  size: number;
}

/** Whether `write` is to be stored compressed under the current configuration. */
export function shouldCompress(config: ConfigReader, write: WriteDescription): boolean {
  const values = config.get('compression');
  if (!isOn(values.get('enable'))) return false;
  if (write.encrypted && !isOn(values.get('allow_encryption'))) return false;
  if (write.size >= 0 && write.size <= MIN_COMPRESSIBLE_SIZE) return false;
  const key = write.key.toLowerCase();
  const type = (write.contentType ?? '').split(';')[0]?.trim() ?? '';
  if (EXCLUDED_EXTENSIONS.some((ext) => key.endsWith(ext))) return false;
  if (type !== '' && EXCLUDED_TYPES.some((pattern) => matches(pattern, type))) return false;
  const extensions = csv(values.get('extensions') ?? DEFAULT_EXTENSIONS);
  const mimeTypes = csv(values.get('mime_types') ?? DEFAULT_MIME_TYPES);
  if (extensions.length === 0 && mimeTypes.length === 0) return true;
  if (extensions.some((ext) => key.endsWith(ext.toLowerCase()))) return true;
  return type !== '' && mimeTypes.some((pattern) => matches(pattern, type));
}
