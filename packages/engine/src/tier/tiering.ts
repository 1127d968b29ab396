/**
 * Moving versions' bytes to remote tiers and back (MinIO's transition and restore), over the
 * erasure layer itself (below encryption and compression), so a tier holds the bytes as stored.
 *
 * - `transition`: the stored bytes are uploaded to the tier under a fresh name (`newRemoteName`),
 *   then the version is rewritten in place — same version id and modification time, metadata,
 *   tags and lock settings — with an empty body and the transition fields (`transition-fields.ts`).
 *   The rewrite's precondition checks that the version is still the one uploaded; if it changed or
 *   went, the upload is removed again. The drives' copy of the data is dropped by the rewrite.
 * - `restore`: the tier's bytes are written back under the same version for `days`
 *   (`x-amz-restore`); `expireRestore` drops the local copy again when that time has passed.
 * - `removeRemote`: deletes a tier's copy once its version is gone; a failure is journalled in the
 *   system area (`tier/journal/`) and retried by `retryJournal` (each lifecycle pass).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import {
  T,
  TRANSITION_COMPLETE,
  isDataRemote,
  isTransitioned,
  newRemoteName,
  storedViewJson,
  transitionedView,
} from './transition-fields.js';
import type { TierRegistry } from './tier-registry.js';

const JOURNAL_PREFIX = 'tier/journal/';

/** A remote copy whose version no longer exists. */
export interface RemoteCopy {
  tier: string;
  object: string;
  remoteVersion: string;
}

/** Thrown by a rewrite's precondition: the version changed while its bytes were uploaded. */
class VersionChanged extends Error {}

function remoteCopyOf(info: ObjectInfo): RemoteCopy | undefined {
  if (!isTransitioned(info)) return undefined;
  return {
    tier: info.internal[T.tier] ?? '',
    object: info.internal[T.object] ?? '',
    remoteVersion: info.internal[T.remoteVersion] ?? '',
  };
}

export class Tiering {
  constructor(
    /** The erasure layer: stored bytes, no decorators, no events. */
    private readonly raw: ObjectLayer,
    readonly tiers: TierRegistry,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Rewrites a version in place with `internal`, checking it is still `expected`. */
  private async rewrite(
    expected: ObjectInfo,
    body: Readable,
    size: number,
    internal: Record<string, string>,
  ): Promise<void> {
    await this.raw.putObject(expected.bucket, expected.key, body, {
      size,
      versionId: expected.versionId,
      lastModified: expected.lastModified,
      metadata: {
        contentType: expected.contentType,
        headers: expected.headers,
        userMetadata: expected.userMetadata,
        storageClass: expected.storageClass,
        internal,
        ...(expected.tagging !== undefined ? { tagging: expected.tagging } : {}),
      },
      precondition: (_current, replaced) => {
        if (
          replaced === undefined ||
          replaced.etag !== expected.etag ||
          replaced.internal[T.object] !== expected.internal[T.object] ||
          replaced.internal[T.restoreExpiry] !== expected.internal[T.restoreExpiry]
        )
          throw new VersionChanged();
      },
    });
  }

  /**
   * Moves one version's bytes to `tierName`. Answers false when there was nothing to do (already
   * transitioned, a delete marker, gone, or changed meanwhile).
   */
  async transition(bucket: string, key: string, versionId: string, tierName: string): Promise<boolean> {
    const info = await this.raw.getObjectInfo(bucket, key, { versionId }).catch(() => undefined);
    if (info === undefined || info.deleteMarker || isTransitioned(info)) return false;
    const backend = await this.tiers.backend(tierName);
    const name = newRemoteName();
    const read = await this.raw.getObject(bucket, key, { versionId });
    let remoteVersion: string;
    try {
      remoteVersion = await backend.put(name, read.stream, info.size);
    } catch (error) {
      // A failed upload may still have left an object behind (a check after the transfer failed).
      read.stream.destroy();
      await backend.remove(name, '').catch(() => undefined);
      throw error;
    }
    const internal = {
      ...info.internal,
      [T.status]: TRANSITION_COMPLETE,
      [T.tier]: tierName,
      [T.object]: name,
      [T.remoteVersion]: remoteVersion,
      [T.stored]: storedViewJson(info),
      [T.dataRemote]: 'true',
    };
    try {
      await this.rewrite(info, Readable.from([]), 0, internal);
      return true;
    } catch (error) {
      await backend.remove(name, remoteVersion).catch(() => undefined);
      if (error instanceof VersionChanged) return false;
      throw error;
    }
  }

  /** A transitioned version's bytes, whole or a stored-byte range. */
  async readRemote(info: ObjectInfo, range?: { start: number; end: number }): Promise<Readable> {
    const copy = remoteCopyOf(info);
    if (copy === undefined) throw new Error('not a transitioned version');
    const backend = await this.tiers.backend(copy.tier);
    return backend.get(copy.object, copy.remoteVersion, range);
  }

  /**
   * Brings a transitioned version's bytes back to the drives until `expiry` (POST ?restore);
   * a restored one only gets the new expiry.
   */
  async restore(bucket: string, key: string, versionId: string, expiry: Date): Promise<void> {
    const raw = await this.raw.getObjectInfo(bucket, key, { versionId });
    if (!isTransitioned(raw)) return;
    const internal: Record<string, string> = { ...raw.internal, [T.restoreExpiry]: expiry.toUTCString() };
    if (!isDataRemote(raw)) {
      // Already local: keep the bytes, move the expiry.
      const local = await this.raw.getObject(raw.bucket, raw.key, { versionId: raw.versionId });
      await this.rewrite(raw, local.stream, raw.size, internal);
      return;
    }
    delete internal[T.dataRemote];
    const stream = await this.readRemote(raw);
    await this.rewrite(raw, stream, transitionedView(raw).size, internal);
  }

  /** Drops a restored copy whose expiry has passed; true when it did. */
  async expireRestore(bucket: string, key: string, versionId: string, now: Date): Promise<boolean> {
    const raw = await this.raw.getObjectInfo(bucket, key, { versionId });
    const expiry = raw.internal[T.restoreExpiry];
    if (!isTransitioned(raw) || expiry === undefined || Date.parse(expiry) > now.getTime()) return false;
    const internal: Record<string, string> = { ...raw.internal, [T.dataRemote]: 'true' };
    delete internal[T.restoreExpiry];
    try {
      await this.rewrite(raw, Readable.from([]), 0, internal);
      return true;
    } catch (error) {
      if (error instanceof VersionChanged) return false;
      throw error;
    }
  }

  /** The tier copy of a version that was just removed or replaced, if it had one. */
  removedVersion(info: ObjectInfo): void {
    const copy = remoteCopyOf(info);
    if (copy !== undefined) void this.removeRemote(copy);
  }

  private async removeRemote(copy: RemoteCopy): Promise<void> {
    try {
      await (await this.tiers.backend(copy.tier)).remove(copy.object, copy.remoteVersion);
    } catch (error) {
      this.log(`tier ${copy.tier}: removing ${copy.object} failed, queued: ${String(error)}`);
      await this.raw
        .writeSystemFile(`${JOURNAL_PREFIX}${randomUUID()}.json`, Buffer.from(JSON.stringify(copy)))
        .catch(() => undefined);
    }
  }

  /** Retries the journalled removals; answers how many are still queued. */
  async retryJournal(): Promise<number> {
    let left = 0;
    for (const path of await this.raw.listSystemFiles(JOURNAL_PREFIX)) {
      const data = await this.raw.readSystemFile(path);
      if (data === undefined) continue;
      try {
        const copy = JSON.parse(data.toString('utf8')) as RemoteCopy;
        await (await this.tiers.backend(copy.tier)).remove(copy.object, copy.remoteVersion);
        await this.raw.deleteSystemFile(path);
      } catch {
        left++;
      }
    }
    return left;
  }
}
