/**
 * Test support for event tests: a subscriber handler that records what it receives and lets a test
 * wait until a number of events has arrived (waiting for state, never for time).
 */
import type { ObjectEvent } from '../../src/events/event-hub.js';

export interface Recorder {
  events: ObjectEvent[];
  handler: (event: ObjectEvent) => void;
  /** Resolves once at least `n` events have arrived. */
  waitFor(n: number): Promise<ObjectEvent[]>;
}

export function recorder(): Recorder {
  const events: ObjectEvent[] = [];
  const waiters: { n: number; resolve: (events: ObjectEvent[]) => void }[] = [];
  return {
    events,
    handler(event) {
      events.push(event);
      for (const w of [...waiters]) {
        if (events.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(events);
        }
      }
    },
    waitFor(n) {
      if (events.length >= n) return Promise.resolve(events);
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

/** A promise with its resolve function, to hold a handler until the test lets it go. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Resolves once `condition()` holds, checking after each turn of the event loop. */
export function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (condition()) resolve();
      else setImmediate(check);
    };
    check();
  });
}
