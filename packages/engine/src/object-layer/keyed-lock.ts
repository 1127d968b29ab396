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
  exclusive<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    return this.run(key, true, fn);
  }

  /** Runs `fn` holding a shared lock on `key`. */
  shared<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    return this.run(key, false, fn);
  }

  private run<T>(key: string, exclusive: boolean, fn: () => Promise<T> | T): Promise<T> {
    // A free lock (the common case) is taken now and `fn` starts at once, not a turn later.
    const waiting = this.acquire(key, exclusive);
    if (waiting === undefined) return this.holding(key, exclusive, fn);
    return waiting.then(() => this.holding(key, exclusive, fn));
  }

  private async holding<T>(key: string, exclusive: boolean, fn: () => Promise<T> | T): Promise<T> {
    try {
      return await fn();
    } finally {
      this.release(key, exclusive);
    }
  }

  /** Takes the lock if free (undefined), else queues and resolves once it is granted. */
  private acquire(key: string, exclusive: boolean): Promise<void> | undefined {
    let state = this.locks.get(key);
    if (state === undefined) {
      state = { readers: 0, writer: false, queue: [] };
      this.locks.set(key, state);
    }
    const free = exclusive ? !state.writer && state.readers === 0 : !state.writer && state.queue.length === 0;
    if (free && state.queue.length === 0) {
      if (exclusive) state.writer = true;
      else state.readers++;
      return undefined;
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
