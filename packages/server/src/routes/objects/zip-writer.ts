/**
 * A streaming ZIP writer for the console's ZIP downloads (decision 0021-zip-writer).
 *
 * Entries are written one after the other into `output` as their bytes arrive, stored (no
 * compression), each with a local header whose bit 3 says that the CRC-32 and sizes follow the
 * data in a data descriptor — so an entry's size need not be known, or right, beforehand. Every
 * write waits for `output` to drain, so the reader of the archive (the browser's socket) paces
 * whoever feeds the entries. The central directory is kept as packed bytes in large slabs
 * (about 60 bytes plus the name per entry, not an object per entry) and written at `finish()`;
 * the cost of an entry does not depend on how many came before it.
 *
 * ZIP64 (APPNOTE 4.3.14, 4.5.3) is used where the classic fields cannot hold a value: an entry of
 * 4 GiB or more (or of unknown size: then its local header announces ZIP64 and its descriptor
 * has 8-byte sizes), a local header past 4 GiB, and for the archive 65,535 entries or more or a
 * central directory past 4 GiB — then the ZIP64 end record and its locator precede the classic
 * end record. Names are UTF-8 (flag bit 11); times are DOS local times plus the UTC "UT" extra
 * field that Info-ZIP and most tools read.
 */
import type { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';

/** Limits above which ZIP64 fields are written; tests lower them to reach the ZIP64 paths. */
export interface ZipLimits {
  /** Sizes and offsets must be below this to fit a classic 32-bit field. */
  size: number;
  /** Entry counts must be below this to fit a classic 16-bit field. */
  count: number;
}

const CLASSIC: ZipLimits = { size: 0xffffffff, count: 0xffff };

const SIG_LOCAL = 0x04034b50;
const SIG_DESCRIPTOR = 0x08074b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END64 = 0x06064b50;
const SIG_LOCATOR64 = 0x07064b50;
const SIG_END = 0x06054b50;

const VERSION_DEFAULT = 20; // 2.0: data descriptors, directories
const VERSION_ZIP64 = 45; // 4.5: ZIP64 extensions
const MADE_BY_UNIX = 3 << 8;
const FLAG_DESCRIPTOR = 1 << 3;
const FLAG_UTF8 = 1 << 11;
const EXTRA_ZIP64 = 0x0001;
const EXTRA_TIME = 0x5455; // "UT": Info-ZIP extended timestamp, modification time in UTC
const MODE_FILE = 0o100644;
const MODE_DIR = 0o040755;
const DOS_DIRECTORY = 0x10;
const SLAB = 1024 * 1024;

/** The output went away (the client left, or it was destroyed): stop feeding entries. */
export class ZipOutputClosedError extends Error {
  constructor() {
    super('the ZIP output was closed');
    this.name = 'ZipOutputClosedError';
  }
}

/** How an entry ended: its bytes in the archive, and the source's error if it broke early. */
export interface ZipEntryResult {
  bytes: number;
  error?: unknown;
}

export interface ZipFileOptions {
  mtime: Date;
  /** The size the entry is expected to have; undefined when unknown. */
  size?: number;
}

/** DOS date and time (local time, two-second steps), clamped to the years DOS can count. */
export function dosDateTime(d: Date): { date: number; time: number } {
  const year = d.getFullYear();
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
  };
}

/** The "UT" extra field with the modification time, or nothing when it does not fit 32 bits. */
function timeExtra(d: Date): Buffer {
  const seconds = Math.floor(d.getTime() / 1000);
  if (!(seconds >= -0x80000000 && seconds <= 0x7fffffff)) return Buffer.alloc(0);
  const b = Buffer.allocUnsafe(9);
  b.writeUInt16LE(EXTRA_TIME, 0);
  b.writeUInt16LE(5, 2);
  b.writeUInt8(1, 4); // flags: modification time present
  b.writeInt32LE(seconds, 5);
  return b;
}

/** A ZIP64 extended information extra field holding `values` (8 bytes each). */
function zip64Extra(values: readonly number[]): Buffer {
  const b = Buffer.allocUnsafe(4 + 8 * values.length);
  b.writeUInt16LE(EXTRA_ZIP64, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return b;
}

/** The central directory as packed bytes, in slabs so that a million entries stay compact. */
class CentralDirectory {
  readonly slabs: Buffer[] = [];
  private slab = Buffer.allocUnsafe(SLAB);
  private used = 0;
  count = 0;
  size = 0;

  /** Room for one record of `length` bytes; the caller fills it in place. */
  reserve(length: number): { buf: Buffer; at: number } {
    if (this.used + length > this.slab.length) {
      this.slabs.push(this.slab.subarray(0, this.used));
      this.slab = Buffer.allocUnsafe(Math.max(SLAB, length));
      this.used = 0;
    }
    const at = this.used;
    this.used += length;
    this.count += 1;
    this.size += length;
    return { buf: this.slab, at };
  }

  /** Every slab in order, the last one cut to what was used. */
  all(): Buffer[] {
    return [...this.slabs, this.slab.subarray(0, this.used)];
  }
}

interface CentralEntry {
  name: Buffer;
  mtime: Date;
  crc: number;
  size: number;
  offset: number;
  flags: number;
  directory: boolean;
  /** ZIP64 sizes: the local header announced them, or the entry needs them. */
  zip64Sizes: boolean;
}

export class ZipWriter {
  /** The archive's bytes; pipe or send it. Destroying it stops the writer. */
  readonly output = new PassThrough();
  private readonly limits: ZipLimits;
  private readonly central = new CentralDirectory();
  private offset = 0;
  private busy = false;
  private finished = false;

  constructor(limits: Partial<ZipLimits> = {}) {
    this.limits = { ...CLASSIC, ...limits };
  }

  /** An empty directory entry; `name` gets its trailing '/'. */
  async addDirectory(name: string, mtime: Date): Promise<void> {
    this.begin();
    try {
      const entry = this.entry(name.endsWith('/') ? name : `${name}/`, mtime, 0, true, false);
      await this.write(this.localHeader(entry, false));
      this.record(entry);
    } finally {
      this.busy = false;
    }
  }

  /**
   * One file whose bytes come from `source`. A source that fails part-way ends the entry with
   * the bytes that came (the archive stays readable) and its error is returned, not thrown;
   * only a closed output throws (ZipOutputClosedError).
   */
  async addFile(
    name: string,
    source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
    o: ZipFileOptions,
  ): Promise<ZipEntryResult> {
    this.begin();
    try {
      // Unknown or large: the local header says ZIP64 so that the descriptor may hold 8 bytes.
      const announce = o.size === undefined || o.size >= this.limits.size;
      const entry = this.entry(name, o.mtime, FLAG_DESCRIPTOR, false, announce);
      await this.write(this.localHeader(entry, announce));
      let error: unknown;
      try {
        for await (const chunk of source) {
          const bytes = Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
          entry.crc = crc32(bytes, entry.crc);
          entry.size += bytes.length;
          await this.write(bytes);
        }
      } catch (err) {
        if (err instanceof ZipOutputClosedError) throw err;
        error = err;
      }
      if (entry.size >= this.limits.size) entry.zip64Sizes = true;
      await this.write(this.descriptor(entry));
      this.record(entry);
      return error === undefined ? { bytes: entry.size } : { bytes: entry.size, error };
    } finally {
      this.busy = false;
    }
  }

  /** The central directory and end records; then `output` ends. */
  async finish(): Promise<void> {
    this.begin();
    this.finished = true;
    try {
      await this.writeEnd();
    } finally {
      this.busy = false;
    }
    this.output.end();
  }

  private async writeEnd(): Promise<void> {
    const start = this.offset;
    for (const slab of this.central.all()) if (slab.length > 0) await this.write(slab);
    const { count, size } = this.central;
    const zip64 = count >= this.limits.count || size >= this.limits.size || start >= this.limits.size;
    if (zip64) {
      const end64 = Buffer.alloc(56 + 20);
      end64.writeUInt32LE(SIG_END64, 0);
      end64.writeBigUInt64LE(44n, 4); // size of the rest of this record
      end64.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
      end64.writeUInt16LE(VERSION_ZIP64, 14);
      // disk numbers (16, 20) stay 0
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(size), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      end64.writeUInt32LE(SIG_LOCATOR64, 56);
      // disk of the ZIP64 end record (60) stays 0
      end64.writeBigUInt64LE(BigInt(start + size), 64);
      end64.writeUInt32LE(1, 72); // total disks
      await this.write(end64);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(SIG_END, 0);
    end.writeUInt16LE(zip64 ? 0xffff : count, 8);
    end.writeUInt16LE(zip64 ? 0xffff : count, 10);
    end.writeUInt32LE(zip64 ? 0xffffffff : size, 12);
    end.writeUInt32LE(zip64 ? 0xffffffff : start, 16);
    await this.write(end);
  }

  /** One entry at a time, none after finish(): the bytes of two would interleave. */
  private begin(): void {
    if (this.busy) throw new Error('ZipWriter: the previous entry is not done yet');
    if (this.finished) throw new Error('ZipWriter: the archive is already finished');
    this.busy = true;
  }

  private entry(
    name: string,
    mtime: Date,
    flags: number,
    directory: boolean,
    zip64Sizes: boolean,
  ): CentralEntry {
    const bytes = Buffer.from(name, 'utf8');
    if (bytes.length === 0 || bytes.length > 0xffff)
      throw new Error(`ZipWriter: bad entry name length ${bytes.length}`);
    return {
      name: bytes,
      mtime,
      crc: 0,
      size: 0,
      offset: this.offset,
      flags: flags | FLAG_UTF8,
      directory,
      zip64Sizes,
    };
  }

  /** Local header: sizes and CRC are in the descriptor (bit 3), or known zeros for a directory. */
  private localHeader(e: CentralEntry, announce: boolean): Buffer {
    const time = timeExtra(e.mtime);
    const extra64 = announce ? zip64Extra([0, 0]) : undefined;
    const extraLength = time.length + (extra64?.length ?? 0);
    const b = Buffer.alloc(30 + e.name.length + extraLength);
    const { date, time: dosTime } = dosDateTime(e.mtime);
    b.writeUInt32LE(SIG_LOCAL, 0);
    b.writeUInt16LE(announce ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
    b.writeUInt16LE(e.flags, 6);
    // method (8) stays 0: stored
    b.writeUInt16LE(dosTime, 10);
    b.writeUInt16LE(date, 12);
    // CRC-32 (14) stays 0: in the descriptor, or 0 for a directory
    if (announce) {
      b.writeUInt32LE(0xffffffff, 18);
      b.writeUInt32LE(0xffffffff, 22);
    }
    b.writeUInt16LE(e.name.length, 26);
    b.writeUInt16LE(extraLength, 28);
    e.name.copy(b, 30);
    time.copy(b, 30 + e.name.length);
    extra64?.copy(b, 30 + e.name.length + time.length);
    return b;
  }

  private descriptor(e: CentralEntry): Buffer {
    const b = Buffer.allocUnsafe(e.zip64Sizes ? 24 : 16);
    b.writeUInt32LE(SIG_DESCRIPTOR, 0);
    b.writeUInt32LE(e.crc, 4);
    if (e.zip64Sizes) {
      b.writeBigUInt64LE(BigInt(e.size), 8); // compressed: stored, the same
      b.writeBigUInt64LE(BigInt(e.size), 16);
    } else {
      b.writeUInt32LE(e.size, 8);
      b.writeUInt32LE(e.size, 12);
    }
    return b;
  }

  /** The entry's central directory record, packed into the directory's slabs. */
  private record(e: CentralEntry): void {
    const time = timeExtra(e.mtime);
    const farOffset = e.offset >= this.limits.size;
    const values = [...(e.zip64Sizes ? [e.size, e.size] : []), ...(farOffset ? [e.offset] : [])];
    const extra64 = values.length > 0 ? zip64Extra(values) : undefined;
    const extraLength = time.length + (extra64?.length ?? 0);
    const { buf: b, at } = this.central.reserve(46 + e.name.length + extraLength);
    const { date, time: dosTime } = dosDateTime(e.mtime);
    b.fill(0, at, at + 46);
    b.writeUInt32LE(SIG_CENTRAL, at);
    b.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, at + 4);
    b.writeUInt16LE(extra64 ? VERSION_ZIP64 : VERSION_DEFAULT, at + 6);
    b.writeUInt16LE(e.flags, at + 8);
    b.writeUInt16LE(dosTime, at + 12);
    b.writeUInt16LE(date, at + 14);
    b.writeUInt32LE(e.crc, at + 16);
    b.writeUInt32LE(e.zip64Sizes ? 0xffffffff : e.size, at + 20);
    b.writeUInt32LE(e.zip64Sizes ? 0xffffffff : e.size, at + 24);
    b.writeUInt16LE(e.name.length, at + 28);
    b.writeUInt16LE(extraLength, at + 30);
    const mode = e.directory ? MODE_DIR : MODE_FILE;
    b.writeUInt32LE(((mode << 16) | (e.directory ? DOS_DIRECTORY : 0)) >>> 0, at + 38);
    b.writeUInt32LE(farOffset ? 0xffffffff : e.offset, at + 42);
    e.name.copy(b, at + 46);
    time.copy(b, at + 46 + e.name.length);
    extra64?.copy(b, at + 46 + e.name.length + time.length);
  }

  /** Write and wait until the output can take more; throws when it was closed. */
  private async write(chunk: Buffer): Promise<void> {
    const out: Writable = this.output;
    if (out.destroyed || out.writableEnded) throw new ZipOutputClosedError();
    this.offset += chunk.length;
    if (out.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (): void => {
        out.off('drain', done);
        out.off('close', done);
        if (out.destroyed) reject(new ZipOutputClosedError());
        else resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
}
