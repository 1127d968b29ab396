/**
 * Reader pins on data dirs (issue 14 §1, "a read is whole or refused"): a GET that has answered
 * must deliver every byte of its version even when an overwrite, a delete or a heal drops that
 * version's data meanwhile. Opening only the first part's files up front is not enough — a
 * multipart object's later parts are opened as the stream reaches them — and holding every
 * shard of every part open could take thousands of descriptors for one read. So a read pins the
 * version's data dir (`<bucket>/<dataDir>`, the same name on every drive) for as long as its
 * stream lives, and whoever drops an unreferenced data dir asks `removeWhenFree`: the removal
 * runs at once when no reader holds the dir, else when the last one lets go.
 *
 * Pins live in this process only: the engine is one process per deployment. A removal deferred
 * when the process stops is left as an unreferenced dir, which the heal's garbage collection
 * removes (it skips pinned dirs too).
 */
export class ReadPins {
  private readonly readers = new Map<string, number>();
  private readonly deferred = new Map<string, (() => Promise<void>)[]>();

  private static name(bucket: string, dataDir: string): string {
    return `${bucket}\0${dataDir}`;
  }

  /** Pin `bucket/dataDir` for one reader; the answer releases it (once; later calls do nothing). */
  pin(bucket: string, dataDir: string): () => void {
    const name = ReadPins.name(bucket, dataDir);
    this.readers.set(name, (this.readers.get(name) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.readers.get(name) ?? 1) - 1;
      if (left > 0) {
        this.readers.set(name, left);
        return;
      }
      this.readers.delete(name);
      const removals = this.deferred.get(name) ?? [];
      this.deferred.delete(name);
      for (const remove of removals) void remove().catch(() => undefined);
    };
  }

  isPinned(bucket: string, dataDir: string): boolean {
    return this.readers.has(ReadPins.name(bucket, dataDir));
  }

  /** Run `remove` now when no reader holds `bucket/dataDir`, else once the last reader is done. */
  async removeWhenFree(bucket: string, dataDir: string, remove: () => Promise<void>): Promise<void> {
    const name = ReadPins.name(bucket, dataDir);
    if (!this.readers.has(name)) {
      await remove();
      return;
    }
    const list = this.deferred.get(name) ?? [];
    list.push(remove);
    this.deferred.set(name, list);
  }

  /** Pinned dirs and removals waiting (for tests and diagnostics). */
  get counts(): { pinned: number; deferred: number } {
    let deferred = 0;
    for (const list of this.deferred.values()) deferred += list.length;
    return { pinned: this.readers.size, deferred };
  }
}
