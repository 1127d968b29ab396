/**
 * The resumable uploads of this browser that have not finished, kept in localStorage so they
 * survive a page reload or a crash: bucket, key, upload id, token and part size, and the file's
 * name, size and last-modified time. A browser cannot re-open a file by itself, so after a reload
 * the user picks the file again; `matching` recognises it by those three facts, and the upload
 * continues with the parts still missing. Bounded (oldest dropped); unreadable storage is treated
 * as empty (private modes, quota, another version's format).
 */
export interface PendingUpload {
  bucket: string;
  key: string;
  uploadId: string;
  token: string;
  partSize: number;
  fileName: string;
  size: number;
  lastModified: number;
  startedAt: number;
}

export const PENDING_UPLOADS_KEY = 'coffer.pending-uploads.v1';
export const MAX_PENDING_UPLOADS = 100;

function isPending(v: unknown): v is PendingUpload {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    ['bucket', 'key', 'uploadId', 'token', 'fileName'].every((k) => typeof p[k] === 'string') &&
    ['partSize', 'size', 'lastModified', 'startedAt'].every((k) => typeof p[k] === 'number')
  );
}

/** Is `file` the file this upload was started from? */
export function sameFile(
  pending: PendingUpload,
  file: Pick<File, 'name' | 'size' | 'lastModified'>,
): boolean {
  return (
    pending.fileName === file.name && pending.size === file.size && pending.lastModified === file.lastModified
  );
}

export class PendingUploads {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {}

  list(): PendingUpload[] {
    try {
      const parsed = JSON.parse(this.storage?.getItem(PENDING_UPLOADS_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter(isPending) : [];
    } catch {
      return [];
    }
  }

  private write(list: readonly PendingUpload[]): void {
    try {
      this.storage?.setItem(PENDING_UPLOADS_KEY, JSON.stringify(list.slice(-MAX_PENDING_UPLOADS)));
    } catch {
      // Storage full or unavailable: the upload still runs, it just cannot be resumed after a reload.
    }
  }

  save(upload: PendingUpload): void {
    this.write([...this.list().filter((p) => p.uploadId !== upload.uploadId), upload]);
  }

  remove(uploadId: string): void {
    this.write(this.list().filter((p) => p.uploadId !== uploadId));
  }

  /** The pending upload of `file` to `bucket`/`key`, if any. */
  matching(
    bucket: string,
    key: string,
    file: Pick<File, 'name' | 'size' | 'lastModified'>,
  ): PendingUpload | undefined {
    return this.list().find((p) => p.bucket === bucket && p.key === key && sameFile(p, file));
  }
}

/** The browser's localStorage, or nothing where it is not available. */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
