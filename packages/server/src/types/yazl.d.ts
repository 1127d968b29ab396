/**
 * The part of yazl's API (v3, plain JavaScript without types) the ZIP download uses. See
 * node_modules/yazl/README.md; kept to the calls we make so a change there shows up here.
 */
declare module 'yazl' {
  import type { Readable } from 'node:stream';

  export interface EntryOptions {
    mtime?: Date;
    mode?: number;
    compress?: boolean;
    forceZip64Format?: boolean;
    size?: number;
  }

  export class ZipFile {
    /** The archive bytes; yazl pipes entries into it with back-pressure. */
    readonly outputStream: Readable;
    addReadStreamLazy(
      metadataPath: string,
      options: EntryOptions,
      getReadStream: (cb: (err: Error | null, stream?: Readable) => void) => void,
    ): void;
    addBuffer(buffer: Buffer, metadataPath: string, options?: EntryOptions): void;
    addEmptyDirectory(metadataPath: string, options?: { mtime?: Date; mode?: number }): void;
    end(options?: { forceZip64Format?: boolean }): void;
    on(event: 'error', listener: (err: Error) => void): this;
  }
}
