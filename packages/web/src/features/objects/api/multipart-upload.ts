/**
 * One file as a resumable multipart upload through the console (issue 9 §4): create the upload
 * (or, resuming, list the parts the server already has), send the missing parts a few at a time —
 * each its own request of at most the part size, so nothing times out behind a proxy and each uses
 * the session as it is then — retry a failed part with back-off (waiting for the browser to be
 * online again without counting it as a try), then complete. The upload is recorded in
 * `PendingUploads` from creation to completion, so a reload can resume it. Cancelling (the
 * signal) stops the parts in flight and aborts the upload on the server.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { UploadedObject } from '@coffer/contract';
import type { ApiClient } from '../../../lib/api-client.js';
import { ApiError, apiErrorFromResponse } from '../../../lib/api-error.js';
import type { PartHandle, PartRequest } from '../../../lib/xhr-part.js';
import {
  MAX_PART_ATTEMPTS,
  PART_CONCURRENCY,
  isRetryable,
  planParts,
  resumePlan,
  retryDelay,
  type PlannedPart,
  type StoredPart,
} from './part-plan.js';
import type { PendingUpload, PendingUploads } from './pending-uploads.js';

export interface MultipartDeps {
  client: ApiClient;
  sendPart: (request: PartRequest) => PartHandle;
  pending: PendingUploads;
  /** Resolves after `ms`, or rejects when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves when the browser is online (at once when it is). */
  whenOnline?: (signal: AbortSignal) => Promise<void>;
  concurrency?: number;
  now?: () => number;
}

export interface MultipartJob {
  bucket: string;
  key: string;
  file: File;
  contentType?: string;
  /** Continue this upload (the same file picked again). */
  resume?: PendingUpload;
  /** Bytes stored so far (parts already on the server count at once). */
  onProgress?: (loaded: number) => void;
  /** Called once the upload exists on the server (so the caller can offer to resume it). */
  onStarted?: (pending: PendingUpload) => void;
  signal: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

export function defaultWhenOnline(signal: AbortSignal): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      window.removeEventListener('online', done);
      reject(abortError());
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', stop, { once: true });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts (or resumes) the upload; answers it with the parts the server already holds. */
async function begin(
  deps: MultipartDeps,
  job: MultipartJob,
): Promise<{ upload: PendingUpload; stored: StoredPart[] }> {
  const { client } = deps;
  if (job.resume !== undefined) {
    const r = job.resume;
    try {
      const { parts } = await client.call(ENDPOINTS.listUploadParts, {
        params: { bucket: r.bucket },
        query: { key: r.key, upload_id: r.uploadId, token: r.token },
        signal: job.signal,
      });
      return { upload: r, stored: parts };
    } catch (error) {
      // Gone (completed, aborted or expired on the server) or not ours: start afresh.
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) throw error;
      deps.pending.remove(r.uploadId);
    }
  }
  const created = await client.call(ENDPOINTS.createMultipartUpload, {
    params: { bucket: job.bucket },
    body: {
      key: job.key,
      size: job.file.size,
      content_type: job.contentType ?? (job.file.type || undefined),
    },
    signal: job.signal,
  });
  const upload: PendingUpload = {
    bucket: job.bucket,
    key: created.key,
    uploadId: created.upload_id,
    token: created.token,
    partSize: created.part_size,
    fileName: job.file.name,
    size: job.file.size,
    lastModified: job.file.lastModified,
    startedAt: (deps.now ?? Date.now)(),
  };
  deps.pending.save(upload);
  return { upload, stored: [] };
}

/** Uploads `job.file` in parts; resolves with the stored object. */
export async function uploadInParts(deps: MultipartDeps, job: MultipartJob): Promise<UploadedObject> {
  const sleep = deps.sleep ?? defaultSleep;
  const whenOnline = deps.whenOnline ?? defaultWhenOnline;
  const { upload, stored } = await begin(deps, job);
  job.onStarted?.(upload);
  const query = { key: upload.key, upload_id: upload.uploadId, token: upload.token };
  const { toSend, kept, keptBytes } = resumePlan(planParts(job.file.size, upload.partSize), stored);
  const etags = new Map(kept);
  const inFlight = new Map<number, number>();
  const handles = new Set<PartHandle>();
  let storedBytes = keptBytes;
  const report = () => {
    let loaded = storedBytes;
    for (const n of inFlight.values()) loaded += n;
    job.onProgress?.(Math.min(job.file.size, loaded));
  };
  report();

  // One failure stops the other workers: they see `failed` before taking another part.
  const local = new AbortController();
  const stopAll = () => {
    local.abort();
    for (const h of handles) h.abort();
  };
  job.signal.addEventListener('abort', stopAll, { once: true });
  let failed: unknown;

  const sendOne = async (part: PlannedPart): Promise<void> => {
    let attempt = 0;
    for (;;) {
      await whenOnline(local.signal);
      attempt += 1;
      const handle = deps.sendPart({
        url: deps.client.url(ENDPOINTS.uploadPart, {
          params: { bucket: upload.bucket },
          query: { ...query, part_number: part.number },
        }),
        body: job.file.slice(part.start, part.end),
        onProgress: (loaded) => {
          inFlight.set(part.number, loaded);
          report();
        },
      });
      handles.add(handle);
      const answer = await handle.done;
      handles.delete(handle);
      inFlight.delete(part.number);
      if (local.signal.aborted) throw abortError();
      if (answer.status === 200) {
        const body = parseJson(answer.body) as { etag?: unknown } | undefined;
        if (typeof body?.etag === 'string') {
          etags.set(part.number, body.etag);
          storedBytes += part.end - part.start;
          report();
          return;
        }
      } else if (!isRetryable(answer.status) || attempt >= MAX_PART_ATTEMPTS) {
        throw apiErrorFromResponse(answer.status, parseJson(answer.body));
      }
      report();
      // Offline: wait for the network without spending a try.
      if (typeof navigator !== 'undefined' && !navigator.onLine) attempt -= 1;
      else await sleep(retryDelay(attempt), local.signal);
    }
  };

  const queue = [...toSend];
  const worker = async (): Promise<void> => {
    for (let part = queue.shift(); part !== undefined && failed === undefined; part = queue.shift()) {
      try {
        await sendOne(part);
      } catch (error) {
        failed ??= error;
        stopAll();
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(deps.concurrency ?? PART_CONCURRENCY, queue.length) }, worker),
    );
    if (job.signal.aborted) throw abortError();
    if (failed !== undefined) throw failed;
    const parts = [...etags].sort(([a], [b]) => a - b).map(([part_number, etag]) => ({ part_number, etag }));
    const result = await deps.client.call(ENDPOINTS.completeMultipartUpload, {
      params: { bucket: upload.bucket },
      query,
      body: { parts },
    });
    deps.pending.remove(upload.uploadId);
    return result;
  } catch (error) {
    if (job.signal.aborted) {
      // Cancelled by the user: free the stored parts on the server and forget the upload.
      deps.pending.remove(upload.uploadId);
      await deps.client
        .call(ENDPOINTS.abortMultipartUpload, { params: { bucket: upload.bucket }, query })
        .catch(() => undefined);
      throw abortError();
    }
    throw error;
  } finally {
    job.signal.removeEventListener('abort', stopAll);
  }
}
