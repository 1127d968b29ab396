/**
 * What a share link's service account remembers about the link: the service account's name
 * marks it as a share link (so revocation never touches the user's other keys), and its
 * description (at most 256 bytes, MinIO's limit) names the shared object as compact JSON
 * `{"b":bucket,"k":key,"v":versionId}`. A key too long to fit is shortened, and the SHA-256 of
 * the whole key (`h`) keeps telling it apart from other keys with the same beginning.
 */
import { createHash } from 'node:crypto';

/** The name every share link's service account carries. */
export const SHARE_ACCOUNT_NAME = 'coffer-share';
/** MinIO's (and the engine's) limit for a service account's description. */
const DESCRIPTION_MAX_BYTES = 256;
const ELLIPSIS = '…';

export interface ShareTarget {
  bucket: string;
  key: string;
  /** Absent: the object's latest version at the time it is read. */
  versionId?: string;
}

export interface SharedObject extends ShareTarget {
  /** false when `key` is the beginning of the shared key only. */
  complete: boolean;
  /** SHA-256 (hex) of the whole key, when shortened. */
  keyHash?: string;
}

interface Stored {
  b: string;
  k: string;
  v?: string;
  h?: string;
}

const keyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
const fits = (text: string): boolean => Buffer.byteLength(text, 'utf8') <= DESCRIPTION_MAX_BYTES;

/** The description of a share link's service account for `target`. */
export function describeShare(target: ShareTarget): string {
  const base: Stored = {
    b: target.bucket,
    k: target.key,
    ...(target.versionId !== undefined ? { v: target.versionId } : {}),
  };
  const whole = JSON.stringify(base);
  if (fits(whole)) return whole;
  const h = keyHash(target.key);
  // Code points, so a shortened key never ends inside a UTF-16 surrogate pair.
  const chars = [...target.key];
  let low = 0;
  let high = chars.length;
  const text = (n: number) => JSON.stringify({ ...base, k: chars.slice(0, n).join('') + ELLIPSIS, h });
  // The longest beginning that fits (binary search: JSON escaping makes lengths uneven).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(text(mid))) low = mid;
    else high = mid - 1;
  }
  const shortened = text(low);
  if (!fits(shortened)) throw new Error('a share description cannot hold this bucket and version');
  return shortened;
}

/** The object a share link's description names, or undefined when it is not one of ours. */
export function readShareDescription(description: string | undefined): SharedObject | undefined {
  if (description === undefined || description === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(description);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { b, k, v, h } = parsed as Record<string, unknown>;
  if (typeof b !== 'string' || typeof k !== 'string') return undefined;
  if (v !== undefined && typeof v !== 'string') return undefined;
  if (h !== undefined && typeof h !== 'string') return undefined;
  const shared: SharedObject = { bucket: b, key: k, complete: h === undefined };
  if (v !== undefined) shared.versionId = v;
  if (h !== undefined) shared.keyHash = h;
  return shared;
}

/** Does a stored description name `target` (bucket, key and — when given — version)? */
export function sharesTarget(
  shared: SharedObject,
  target: { bucket: string; key?: string; versionId?: string },
): boolean {
  if (shared.bucket !== target.bucket) return false;
  if (target.key === undefined) return true;
  const sameKey = shared.complete ? shared.key === target.key : shared.keyHash === keyHash(target.key);
  if (!sameKey) return false;
  return target.versionId === undefined || shared.versionId === target.versionId;
}
