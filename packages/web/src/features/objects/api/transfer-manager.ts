/**
 * The transfers of this browser tab (issue 9 §4), outside React so they outlive the screen that
 * started them: a store the panel subscribes to (`useSyncExternalStore`) and the scheduler.
 *
 * A pick of files (or a folder) becomes: small files in form uploads of up to 100 files / 64 MiB
 * each (spec 2 §7's multipart form), and one resumable multipart upload per file above the
 * threshold (`multipart-upload.ts`). At most two transfers run at a time, the rest wait queued.
 * When every transfer of a pick has settled, `onSettled` reports it once (one notification per
 * pick, as the spec's single upload had). Multipart uploads interrupted by a reload are listed as
 * 'interrupted' (from `PendingUploads`) until the user picks the same file again or discards them.
 * The list stays small: unfinished entries are all kept, finished ones only the latest 200.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ApiClient } from '../../../lib/api-client.js';
import { toApiError } from '../../../lib/api-error.js';
import type { PartHandle, PartRequest } from '../../../lib/xhr-part.js';
import type { UploadHandle, UploadRequest } from '../../../lib/xhr-upload.js';
import { uploadInParts, type MultipartDeps } from './multipart-upload.js';
import { goesInParts } from './part-plan.js';
import { sameFile, type PendingUpload, type PendingUploads } from './pending-uploads.js';

export const FINISHED_HISTORY = 200;
export const MAX_PARALLEL_TRANSFERS = 2;
export const FORM_BATCH_FILES = 100;
export const FORM_BATCH_BYTES = 64 * 1024 * 1024;

export type TransferStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface Transfer {
  id: number;
  kind: 'form' | 'parts';
  bucket: string;
  /** Target folder ('' or ending in '/'). */
  prefix: string;
  /** Object name of the (first) file below the folder. */
  name: string;
  count: number;
  loaded: number;
  total: number;
  status: TransferStatus;
  error?: string;
  /** Multipart uploads: what it takes to resume. */
  pending?: PendingUpload;
}

/** A file and its name below the target folder (its relative path in a folder upload). */
export interface UploadItem {
  file: File;
  path: string;
}

export interface PickOutcome {
  bucket: string;
  failed: number;
  done: number;
  cancelled: number;
}

export interface TransferManagerDeps extends Omit<MultipartDeps, 'sendPart' | 'pending'> {
  client: ApiClient;
  pending: PendingUploads;
  sendPart: (request: PartRequest) => PartHandle;
  uploadFiles: (request: UploadRequest) => UploadHandle;
  onSettled?: (outcome: PickOutcome) => void;
  maxParallel?: number;
}

const FINISHED: ReadonlySet<TransferStatus> = new Set(['done', 'failed', 'cancelled']);

/** `prefix` as a folder: '' stays the bucket root, anything else ends in '/'. */
export function folderOf(prefix: string): string {
  const p = prefix.replace(/^\/+/, '');
  return p === '' || p.endsWith('/') ? p : `${p}/`;
}

/** Small files grouped into form uploads of at most `FORM_BATCH_FILES` files and `FORM_BATCH_BYTES`. */
export function formBatches(items: readonly UploadItem[]): UploadItem[][] {
  const batches: UploadItem[][] = [];
  let current: UploadItem[] = [];
  let bytes = 0;
  for (const item of items) {
    if (
      current.length > 0 &&
      (current.length >= FORM_BATCH_FILES || bytes + item.file.size > FORM_BATCH_BYTES)
    ) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

type Job = () => Promise<'done' | 'failed' | 'cancelled'>;

export class TransferManager {
  private entries: Transfer[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private readonly queue: { id: number; job: Job; settle: (r: 'done' | 'failed' | 'cancelled') => void }[] =
    [];
  private running = 0;
  private readonly controllers = new Map<number, AbortController>();
  /** Told once per pick when all its transfers have settled (set by the React side). */
  private onSettled: ((outcome: PickOutcome) => void) | undefined;
  /** The file of each multipart transfer while this tab holds it (retry without re-picking). */
  private readonly files = new Map<number, File>();

  constructor(private readonly deps: TransferManagerDeps) {
    this.onSettled = deps.onSettled;
    for (const p of deps.pending.list()) this.add(this.interruptedEntry(p));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly Transfer[] => this.entries;

  private emit(): void {
    for (const l of this.listeners) l();
  }

  private interruptedEntry(p: PendingUpload): Omit<Transfer, 'id'> {
    const folderEnd = p.key.lastIndexOf('/') + 1;
    return {
      kind: 'parts',
      bucket: p.bucket,
      prefix: p.key.slice(0, folderEnd),
      name: p.key.slice(folderEnd),
      count: 1,
      loaded: 0,
      total: p.size,
      status: 'interrupted',
      pending: p,
    };
  }

  private add(entry: Omit<Transfer, 'id'>): number {
    const id = this.nextId++;
    this.entries = [{ ...entry, id }, ...this.entries];
    this.trim();
    this.emit();
    return id;
  }

  /** Keep every unfinished entry and the newest `FINISHED_HISTORY` finished ones. */
  private trim(): void {
    let finished = 0;
    const kept = this.entries.filter((e) => !FINISHED.has(e.status) || ++finished <= FINISHED_HISTORY);
    if (kept.length !== this.entries.length) {
      const live = new Set(kept.map((e) => e.id));
      for (const id of this.files.keys()) if (!live.has(id)) this.files.delete(id);
      this.entries = kept;
    }
  }

  private update(id: number, change: Partial<Transfer>): void {
    let changed = false;
    this.entries = this.entries.map((e) => {
      if (e.id !== id) return e;
      changed = true;
      return { ...e, ...change };
    });
    if (change.status !== undefined && FINISHED.has(change.status)) this.trim();
    if (changed) this.emit();
  }

  get(id: number): Transfer | undefined {
    return this.entries.find((e) => e.id === id);
  }

  private enqueue(id: number, job: Job): Promise<'done' | 'failed' | 'cancelled'> {
    return new Promise((settle) => {
      this.queue.push({ id, job, settle });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < (this.deps.maxParallel ?? MAX_PARALLEL_TRANSFERS)) {
      const next = this.queue.shift();
      if (next === undefined) return;
      if (this.get(next.id)?.status !== 'queued') {
        next.settle('cancelled');
        continue;
      }
      this.running += 1;
      void next
        .job()
        .then(next.settle, () => next.settle('failed'))
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }

  /** Upload `items` into `bucket`/`prefix`. */
  start(bucket: string, prefix: string, items: readonly UploadItem[]): void {
    if (items.length === 0) return;
    const folder = folderOf(prefix);
    const runs: Promise<'done' | 'failed' | 'cancelled'>[] = [];
    const large = items.filter((i) => goesInParts(i.file.size));
    const small = items.filter((i) => !goesInParts(i.file.size));
    for (const batch of formBatches(small)) runs.push(this.startForm(bucket, folder, batch));
    for (const item of large) {
      const key = folder + item.path;
      const resume = this.deps.pending.matching(bucket, key, item.file);
      if (resume !== undefined) {
        // The same file picked again: continue the interrupted upload instead of a new one.
        this.entries = this.entries.filter(
          (e) => e.pending?.uploadId !== resume.uploadId || e.status !== 'interrupted',
        );
      }
      runs.push(this.startParts(bucket, folder, item, resume));
    }
    void Promise.all(runs).then((results) =>
      this.onSettled?.({
        bucket,
        done: results.filter((r) => r === 'done').length,
        failed: results.filter((r) => r === 'failed').length,
        cancelled: results.filter((r) => r === 'cancelled').length,
      }),
    );
  }

  private startForm(bucket: string, folder: string, batch: readonly UploadItem[]) {
    const total = batch.reduce((sum, i) => sum + i.file.size, 0);
    const id = this.add({
      kind: 'form',
      bucket,
      prefix: folder,
      name: batch[0]?.path ?? '',
      count: batch.length,
      loaded: 0,
      total,
      status: 'queued',
    });
    return this.enqueue(id, async () => {
      const controller = new AbortController();
      this.controllers.set(id, controller);
      this.update(id, { status: 'uploading' });
      const handle = this.deps.uploadFiles({
        url: this.deps.client.url(ENDPOINTS.uploadObjects, { params: { bucket }, query: { prefix: folder } }),
        files: batch.map((i) => i.file),
        names: batch.map((i) => i.path),
        onProgress: ({ loaded, total: sent }) =>
          this.update(id, { loaded: Math.min(total, (loaded / sent) * total) }),
      });
      controller.signal.addEventListener('abort', () => handle.abort(), { once: true });
      const status = await handle.done;
      this.controllers.delete(id);
      if (controller.signal.aborted) {
        this.update(id, { status: 'cancelled' });
        return 'cancelled';
      }
      const ok = status >= 200 && status < 300;
      this.update(id, ok ? { status: 'done', loaded: total } : { status: 'failed' });
      return ok ? 'done' : 'failed';
    });
  }

  private startParts(bucket: string, folder: string, item: UploadItem, resume: PendingUpload | undefined) {
    const id = this.add({
      kind: 'parts',
      bucket,
      prefix: folder,
      name: item.path,
      count: 1,
      loaded: 0,
      total: item.file.size,
      status: 'queued',
      ...(resume !== undefined ? { pending: resume } : {}),
    });
    this.files.set(id, item.file);
    return this.enqueue(id, () => this.runParts(id, bucket, folder + item.path, item.file, resume));
  }

  private async runParts(
    id: number,
    bucket: string,
    key: string,
    file: File,
    resume: PendingUpload | undefined,
  ): Promise<'done' | 'failed' | 'cancelled'> {
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.update(id, { status: 'uploading', error: undefined });
    try {
      await uploadInParts(this.deps, {
        bucket,
        key,
        file,
        ...(resume !== undefined ? { resume } : {}),
        signal: controller.signal,
        onStarted: (pending) => this.update(id, { pending }),
        onProgress: (loaded) => this.update(id, { loaded }),
      });
      this.files.delete(id);
      this.update(id, { status: 'done', loaded: file.size });
      return 'done';
    } catch (error) {
      if (controller.signal.aborted) {
        this.files.delete(id);
        this.update(id, { status: 'cancelled' });
        return 'cancelled';
      }
      this.update(id, { status: 'failed', error: toApiError(error).message });
      return 'failed';
    } finally {
      this.controllers.delete(id);
    }
  }

  /** A failed multipart transfer whose file this tab still holds can go on where it stopped. */
  canRetry(id: number): boolean {
    const e = this.get(id);
    return e?.kind === 'parts' && e.status === 'failed' && this.files.has(id);
  }

  retry(id: number): void {
    const e = this.get(id);
    const file = this.files.get(id);
    if (e === undefined || file === undefined || !this.canRetry(id)) return;
    this.update(id, { status: 'queued' });
    const key = e.prefix + e.name;
    void this.enqueue(id, () => this.runParts(id, e.bucket, key, file, e.pending));
  }

  /** Resume an interrupted upload with the file the user picked again; false if it is another file. */
  resume(id: number, file: File): boolean {
    const e = this.get(id);
    if (e?.status !== 'interrupted' || e.pending === undefined || !sameFile(e.pending, file)) return false;
    const pending = e.pending;
    this.files.set(id, file);
    this.update(id, { status: 'queued' });
    void this.enqueue(id, () => this.runParts(id, pending.bucket, pending.key, file, pending)).then(
      (result) =>
        this.onSettled?.({
          bucket: pending.bucket,
          done: result === 'done' ? 1 : 0,
          failed: result === 'failed' ? 1 : 0,
          cancelled: result === 'cancelled' ? 1 : 0,
        }),
    );
    return true;
  }

  /** Stop a transfer; an interrupted or failed multipart upload is aborted on the server. */
  cancel(id: number): void {
    const e = this.get(id);
    if (e === undefined || (FINISHED.has(e.status) && e.status !== 'failed')) return;
    const controller = this.controllers.get(id);
    if (controller !== undefined) {
      controller.abort();
      return;
    }
    this.update(id, { status: 'cancelled' });
    const p = e.pending;
    if (p !== undefined) {
      this.deps.pending.remove(p.uploadId);
      void this.deps.client
        .call(ENDPOINTS.abortMultipartUpload, {
          params: { bucket: p.bucket },
          query: { key: p.key, upload_id: p.uploadId, token: p.token },
        })
        .catch(() => undefined);
    }
  }

  setOnSettled(listener: ((outcome: PickOutcome) => void) | undefined): void {
    this.onSettled = listener;
  }

  /** Drop every finished entry. */
  clearFinished(): void {
    const live = this.entries.filter((e) => !FINISHED.has(e.status));
    for (const e of this.entries) if (FINISHED.has(e.status)) this.files.delete(e.id);
    this.entries = live;
    this.emit();
  }

  dismiss(id: number): void {
    this.entries = this.entries.filter((e) => e.id !== id || !FINISHED.has(e.status));
    this.files.delete(id);
    this.emit();
  }
}
