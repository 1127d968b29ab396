/**
 * A remote tier's storage as the transition and read paths use it (MinIO's `WarmBackend`): put a
 * transitioned version's bytes under a name, read them back (whole or a byte range), remove them,
 * and tell whether the configured bucket/prefix already holds objects (a new tier must start on an
 * empty one, as MinIO checks). Names are relative to the tier's prefix; each backend joins them.
 */
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** Inclusive. */
  start: number;
  end: number;
}

export interface WarmBackend {
  /** Stores `size` bytes; answers the remote version id ('' when the remote does not version). */
  put(name: string, body: Readable, size: number): Promise<string>;
  get(name: string, remoteVersionId: string, range?: ByteRange): Promise<Readable>;
  remove(name: string, remoteVersionId: string): Promise<void>;
  /** True when the bucket (under the prefix) already holds objects; TierBucketNotFound etc. otherwise. */
  inUse(): Promise<boolean>;
  close?(): Promise<void>;
}

/** `prefix/name` with exactly one slash between them (no leading slash). */
export function joinRemote(prefix: string, name: string): string {
  const p = prefix.replace(/^\/+|\/+$/g, '');
  return p === '' ? name : `${p}/${name}`;
}
