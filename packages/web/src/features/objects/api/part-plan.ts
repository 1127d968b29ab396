/**
 * Pure rules of resumable uploads (issue 9 §4): which files go in parts, how a file is cut into
 * parts, which parts a resumed upload still has to send (a stored part counts only when its size
 * is the planned one), and when and how long to wait before retrying a failed part.
 */

/** Files larger than this go as resumable multipart uploads; smaller ones in one form request. */
export const MULTIPART_THRESHOLD = 16 * 1024 * 1024;
/** Part requests in flight per file. */
export const PART_CONCURRENCY = 3;
/** Tries per part before the upload is reported failed (it stays resumable). */
export const MAX_PART_ATTEMPTS = 7;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

export interface PlannedPart {
  number: number;
  /** Byte range [start, end) of the file. */
  start: number;
  end: number;
}

export interface StoredPart {
  part_number: number;
  etag: string;
  size: number;
}

export function goesInParts(size: number): boolean {
  return size > MULTIPART_THRESHOLD;
}

/** Cuts `size` bytes into parts of `partSize` (the last one shorter); an empty file is one empty part. */
export function planParts(size: number, partSize: number): PlannedPart[] {
  if (!Number.isInteger(partSize) || partSize <= 0) throw new Error(`invalid part size ${partSize}`);
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize),
  }));
}

export interface ResumePlan {
  /** Parts still to send, in order. */
  toSend: PlannedPart[];
  /** ETags of the parts already stored with the right size, by part number. */
  kept: Map<number, string>;
  /** Bytes already stored. */
  keptBytes: number;
}

/** What a (resumed) upload still has to send, given the parts the server lists. */
export function resumePlan(plan: readonly PlannedPart[], stored: readonly StoredPart[]): ResumePlan {
  const byNumber = new Map(stored.map((p) => [p.part_number, p]));
  const kept = new Map<number, string>();
  const toSend: PlannedPart[] = [];
  let keptBytes = 0;
  for (const part of plan) {
    const found = byNumber.get(part.number);
    if (found !== undefined && found.size === part.end - part.start && found.etag !== '') {
      kept.set(part.number, found.etag);
      keptBytes += found.size;
    } else {
      toSend.push(part);
    }
  }
  return { toSend, kept, keptBytes };
}

/** A failed part request worth trying again: no answer, timeouts, throttling, server trouble. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status !== 501);
}

/** Wait before try `attempt + 1` (attempt ≥ 1): doubling from 0.5 s up to 30 s, ±25 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}
