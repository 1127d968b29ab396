/**
 * Admission of requests by a budget of file descriptors (issue 14 §7), as MinIO's `requests_max`
 * with its `requests_deadline` admits S3 requests: at most `slots` requests run at once, the rest
 * wait in arrival order, and one that waited `deadlineMs` without a slot is turned away (the caller
 * answers 503 SlowDown). Node cannot refuse a connection gracefully once the process is out of
 * descriptors — libuv accepts and closes it, which the client sees as a reset — so the budget must
 * keep the process from getting there: `defaultRequestSlots` sizes it from the open-file limit.
 *
 * A request takes `weight` slots (a copy reads one object while it writes another: 2).
 */
import { RESERVED_FDS, readOpenFileLimit } from './connection-guard.js';

/** Gives the slots back; idempotent. */
export type ReleaseSlots = () => void;

export interface RequestGate {
  readonly slots: number;
  readonly deadlineMs: number;
  /** Admits at once if slots are free and nobody waits, else undefined (then use `wait`). */
  tryAdmit(weight?: number): ReleaseSlots | undefined;
  /**
   * Waits for the slots in arrival order; undefined after `deadlineMs`, or as soon as `signal`
   * aborts (the client went away while waiting).
   */
  wait(weight?: number, signal?: AbortSignal): Promise<ReleaseSlots | undefined>;
  /** Requests holding slots and requests waiting, for logs and tests. */
  stats(): { running: number; used: number; waiting: number };
}

/** MinIO's default `requests_deadline`. */
export const DEFAULT_REQUESTS_DEADLINE_MS = 10_000;
/** Never fewer slots than this, however low the open-file limit. */
const MIN_SLOTS = 4;

/**
 * Requests at once: the descriptors left once the runtime's reserve, the caller's `reservedFds`
 * and one per admissible connection are set aside, divided by what a request opens besides its
 * socket (`fdsPerRequest`). Never fewer than 4; without a known open-file limit, one per connection.
 */
export function defaultRequestSlots(
  maxConnections: number,
  reservedFds: number,
  fdsPerRequest: number,
  openFileLimit = readOpenFileLimit(),
): number {
  if (openFileLimit === undefined) return Math.max(MIN_SLOTS, maxConnections);
  const spare = openFileLimit - RESERVED_FDS - reservedFds - maxConnections;
  return Math.max(MIN_SLOTS, Math.min(maxConnections, Math.floor(spare / fdsPerRequest)));
}

interface Waiter {
  weight: number;
  admit: (release: ReleaseSlots | undefined) => void;
}

export function createRequestGate(slots: number, deadlineMs = DEFAULT_REQUESTS_DEADLINE_MS): RequestGate {
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError('slots must be an integer ≥ 1');
  let used = 0;
  let running = 0;
  const queue: Waiter[] = [];

  const take = (weight: number): ReleaseSlots => {
    used += weight;
    running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      used -= weight;
      running -= 1;
      // Strict arrival order: a heavy request at the head is not overtaken by light ones.
      for (let next = queue[0]; next !== undefined && fits(next.weight); next = queue[0]) {
        queue.shift();
        next.admit(take(next.weight));
      }
    };
  };
  const fits = (weight: number): boolean => used + weight <= slots;
  // A request heavier than the whole budget still runs, alone.
  const clamp = (weight: number): number => Math.min(Math.max(1, weight), slots);

  return {
    slots,
    deadlineMs,
    tryAdmit(requested = 1) {
      const weight = clamp(requested);
      return queue.length === 0 && fits(weight) ? take(weight) : undefined;
    },
    wait(requested = 1, signal) {
      const weight = clamp(requested);
      if (queue.length === 0 && fits(weight)) return Promise.resolve(take(weight));
      return new Promise((resolve) => {
        const leave = (): void => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          resolve(undefined);
        };
        const waiter: Waiter = {
          weight,
          admit: (release) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', leave);
            resolve(release);
          },
        };
        const timer = setTimeout(leave, deadlineMs);
        signal?.addEventListener('abort', leave, { once: true });
        queue.push(waiter);
      });
    },
    stats: () => ({ running, used, waiting: queue.length }),
  };
}
