/**
 * In-process read/write locks keyed by name (bucket, bucket+key, upload id). Writers serialise the
 * read-modify-write of a metadata record; readers only exclude writers while they pick a version
 * and open its files, so a writer never removes data a reader is about to open. Entries are
 * dropped when idle, so the map holds only keys in use.
 */
interface LockState {
  readers: number;
  writer: boolean;
  queue: { exclusive: boolean; resolve: () => void }[];
}

export class KeyedLock {
  private readonly locks = new Map<string, LockState>();

  /** Runs `fn` holding the exclusive lock on `key`. */
  async exclusive<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    await this.acquire(key, true);
    try {
      return await fn();
    } finally {
      this.release(key, true);
    }
  }

  /** Runs `fn` holding a shared lock on `key`. */
  async shared<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    await this.acquire(key, false);
    try {
      return await fn();
    } finally {
      this.release(key, false);
    }
  }

  private acquire(key: string, exclusive: boolean): Promise<void> {
    let state = this.locks.get(key);
    if (state === undefined) {
      state = { readers: 0, writer: false, queue: [] };
      this.locks.set(key, state);
    }
    const free = exclusive ? !state.writer && state.readers === 0 : !state.writer && state.queue.length === 0;
    if (free && state.queue.length === 0) {
      if (exclusive) state.writer = true;
      else state.readers++;
      return Promise.resolve();
    }
    const s = state;
    return new Promise((resolve) => s.queue.push({ exclusive, resolve }));
  }

  private release(key: string, exclusive: boolean): void {
    const state = this.locks.get(key);
    if (state === undefined) return;
    if (exclusive) state.writer = false;
    else state.readers--;
    // Wake waiters in order: one writer, or every reader up to the next writer.
    while (state.queue.length > 0 && !state.writer) {
      const head = state.queue[0];
      if (head === undefined) break;
      if (head.exclusive) {
        if (state.readers > 0) break;
        state.queue.shift();
        state.writer = true;
        head.resolve();
        break;
      }
      state.queue.shift();
      state.readers++;
      head.resolve();
    }
    if (!state.writer && state.readers === 0 && state.queue.length === 0) this.locks.delete(key);
  }
}
