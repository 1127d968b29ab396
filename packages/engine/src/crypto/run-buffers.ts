/**
 * The memory of encryption at rest's package runs: SharedArrayBuffers of one sealed run each
 * (1 MiB of plaintext — 16 packages of format 1 or one of format 2 — with their tags), recycled
 * across the requests of one decorator.
 *
 * Why shared and recycled: an ArrayBuffer transferred to a thread and back arrives as a new
 * ArrayBuffer each time, and V8 counts every arrival (like every fresh allocation) as new external
 * memory. A 64 MiB encrypted PUT or GET moved 64 MiB that way and drove the main thread into a
 * full mark-compact every ≈ 20 MiB (12 per 4 PUTs, ≈ 100 ms of pauses per PUT). A shared buffer
 * stays where it is: the cipher threads seal into it and open in it, only offsets travel, and the
 * same few buffers serve request after request.
 *
 * A buffer comes back only through `give`, from whoever holds its last view (the GET handler once
 * the socket has taken a chunk, the object layer once it has copied a body chunk); one that is
 * never given back is simply collected.
 */
import { MIN_PACKAGE_SIZE, TAG_SIZE, type PackageFormat } from './package-format.js';

/** Plaintext bytes of a full run: a cipher job, so that a worker message carries 1 MiB. */
export const RUN_SIZE = 1024 * 1024;
/** Stored bytes of the largest full run, of the smallest packages (the size of every recycled buffer). */
export const SEALED_RUN_SIZE = RUN_SIZE + (RUN_SIZE / MIN_PACKAGE_SIZE) * TAG_SIZE;

/** Packages per run of a format (whole packages: 16 of format 1, one of format 2). */
export function runPackages(f: PackageFormat): number {
  return Math.max(1, RUN_SIZE / f.packageSize);
}

export class RunBuffers {
  private readonly free: SharedArrayBuffer[] = [];
  private readonly own = new WeakSet<SharedArrayBuffer>();

  /** `maxFree` buffers (of ≈ 1 MiB) are kept for reuse; more given back are dropped. */
  constructor(private readonly maxFree = 16) {}

  /**
   * `n` bytes: a view of a recycled shared buffer when a run may need a thread (at least one
   * package, at most a run), else an ordinary buffer owning its memory (a stream's salt, a short
   * tail).
   */
  take(n: number): Buffer {
    if (n < MIN_PACKAGE_SIZE || n > SEALED_RUN_SIZE) return Buffer.allocUnsafeSlow(n);
    let sab = this.free.pop();
    if (sab === undefined) {
      sab = new SharedArrayBuffer(SEALED_RUN_SIZE);
      this.own.add(sab);
    }
    return Buffer.from(sab, 0, n);
  }

  /** Any view of a buffer `take` answered, no longer used by anyone; other buffers are ignored. */
  give(chunk: Uint8Array): void {
    const sab = chunk.buffer;
    if (!(sab instanceof SharedArrayBuffer) || !this.own.has(sab)) return;
    if (this.free.length < this.maxFree && !this.free.includes(sab)) this.free.push(sab);
  }

  /** Buffers waiting for reuse (tests). */
  get spare(): number {
    return this.free.length;
  }
}
