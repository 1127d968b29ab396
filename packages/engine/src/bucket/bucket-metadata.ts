/**
 * The bucket metadata service: the one owner of every bucket configuration (versioning, object
 * lock, quota, policy, encryption, tagging, lifecycle, replication, notification, CORS, website,
 * public access block).
 * It needs no request — handlers, the object layer's write paths (quota, lock) and background
 * workers (lifecycle, replication) all read through it.
 *
 * - Typed: `get(bucket, kind)` answers the parsed document (`BucketConfigTypes[kind]`).
 * - Parsed once: the parse is cached per bucket and kind together with the stored text it came
 *   from; a read whose stored text is unchanged reuses it, so the object layer stays the single
 *   source of truth (a change made by another engine instance on the same drives is seen too).
 * - Persisted through the object layer (`BucketMetadata.configs`, or the versioning status),
 *   with an optional `check` run inside the metadata update (e.g. "object lock needs a lock bucket").
 * - Change hook: `onChange(listener)` is called once after a change is persisted, never for a
 *   failed one; a listener that throws does not undo or fail the change.
 *
 * S3 and admin handlers only translate XML/JSON to and from it.
 */
import type { BucketMetadata, ObjectLayer } from '../object-layer/types.js';
import {
  defaultConfigCodecs,
  type BucketConfigKind,
  type BucketConfigTypes,
  type ConfigCodec,
  type ConfigCodecs,
} from './config-codecs.js';

export type { BucketConfigKind, BucketConfigTypes } from './config-codecs.js';

/** What the service needs of the object layer. */
export type BucketMetadataStore = Pick<ObjectLayer, 'getBucketMetadata' | 'updateBucketMetadata'>;

/** A persisted change: which bucket, which configuration, and whether it is now set. */
export interface BucketConfigChange {
  bucket: string;
  kind: BucketConfigKind;
  /** False when the configuration was removed. */
  set: boolean;
}

export type BucketConfigListener = (change: BucketConfigChange) => void;

export interface BucketMetadataOptions {
  /** Replace parsers or storage places (tests count parses this way). */
  codecs?: Partial<ConfigCodecs>;
  /** Where a failing change listener is reported. */
  log?: (line: string) => void;
}

/** A typed configuration and the stored text it was parsed from. */
export interface StoredBucketConfig<T> {
  value: T;
  text: string;
}

interface CacheEntry {
  text: string;
  value: unknown;
}

export interface ChangeOptions {
  /** Runs inside the metadata update before anything is stored; throwing refuses the change. */
  check?: (meta: BucketMetadata) => void;
}

export class BucketMetadataService {
  private readonly codecs: ConfigCodecs;
  private readonly cache = new Map<string, Map<BucketConfigKind, CacheEntry>>();
  private readonly listeners = new Set<BucketConfigListener>();
  private readonly log: (line: string) => void;

  constructor(
    private readonly store: BucketMetadataStore,
    options: BucketMetadataOptions = {},
  ) {
    this.codecs = { ...defaultConfigCodecs(), ...options.codecs };
    this.log = options.log ?? (() => undefined);
  }

  /** The bucket's metadata record (flags, creation time); BucketNotFound for a missing bucket. */
  metadata(bucket: string): Promise<BucketMetadata> {
    return this.store.getBucketMetadata(bucket);
  }

  /** The typed configuration, or undefined when none is set. BucketNotFound for a missing bucket. */
  async get<K extends BucketConfigKind>(bucket: string, kind: K): Promise<BucketConfigTypes[K] | undefined> {
    return (await this.getStored(bucket, kind))?.value;
  }

  /** Like `get`, with the stored text (GET handlers answer it as stored). */
  async getStored<K extends BucketConfigKind>(
    bucket: string,
    kind: K,
  ): Promise<StoredBucketConfig<BucketConfigTypes[K]> | undefined> {
    return this.fromMeta(await this.store.getBucketMetadata(bucket), kind);
  }

  /** The typed configuration of a metadata record the caller already holds (no second read). */
  fromMetadata<K extends BucketConfigKind>(meta: BucketMetadata, kind: K): BucketConfigTypes[K] | undefined {
    return this.fromMeta(meta, kind)?.value;
  }

  private fromMeta<K extends BucketConfigKind>(
    meta: BucketMetadata,
    kind: K,
  ): StoredBucketConfig<BucketConfigTypes[K]> | undefined {
    const codec = this.codecOf(kind);
    const text = codec.read(meta);
    if (text === undefined) return undefined;
    const cached = this.cache.get(meta.name)?.get(kind);
    if (cached !== undefined && cached.text === text) {
      const value = cached.value as BucketConfigTypes[K] | undefined;
      return value === undefined ? undefined : { value, text };
    }
    let value: BucketConfigTypes[K] | undefined;
    try {
      value = codec.parse(text);
    } catch (err) {
      // A stored document was validated when written; one that no longer parses (written by an
      // older engine, or damaged) counts as not set rather than failing every request.
      this.log(`bucket ${meta.name}: stored ${kind} configuration ignored: ${(err as Error).message}`);
      value = undefined;
    }
    this.remember(meta.name, kind, text, value);
    return value === undefined ? undefined : { value, text };
  }

  /**
   * Validate and store a configuration document (the text is kept as given; parse errors such as
   * MalformedXML or InvalidArgument leave everything as it was). Returns the typed document.
   */
  async put<K extends BucketConfigKind>(
    bucket: string,
    kind: K,
    text: string,
    options: ChangeOptions = {},
  ): Promise<BucketConfigTypes[K] | undefined> {
    const codec = this.codecOf(kind);
    const value = codec.parse(text);
    const updated = await this.store.updateBucketMetadata(bucket, (meta) => {
      options.check?.(meta);
      codec.write(meta, value === undefined ? undefined : text, value);
    });
    // Cache under the text as stored (versioning keeps only its extension document).
    const stored = codec.read(updated);
    if (stored !== undefined) this.remember(bucket, kind, stored, value);
    else this.cache.get(bucket)?.delete(kind);
    this.emit({ bucket, kind, set: value !== undefined });
    return value;
  }

  /** Remove a configuration (no-op when none is set). BucketNotFound for a missing bucket. */
  async delete(bucket: string, kind: BucketConfigKind, options: ChangeOptions = {}): Promise<void> {
    const codec = this.codecs[kind];
    let had = false;
    await this.store.updateBucketMetadata(bucket, (meta) => {
      options.check?.(meta);
      had = codec.read(meta) !== undefined;
      codec.write(meta, undefined, undefined);
    });
    this.cache.get(bucket)?.delete(kind);
    if (had) this.emit({ bucket, kind, set: false });
  }

  /** Listen to persisted changes; returns the function that stops listening. */
  onChange(listener: BucketConfigListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drop what is cached for a bucket (it was deleted; a new one of that name starts clean). */
  forget(bucket: string): void {
    this.cache.delete(bucket);
  }

  /** The codec of one kind (a mapped type TypeScript cannot index by a generic key on its own). */
  private codecOf<K extends BucketConfigKind>(kind: K): ConfigCodec<BucketConfigTypes[K]> {
    return this.codecs[kind] as ConfigCodec<BucketConfigTypes[K]>;
  }

  private remember(bucket: string, kind: BucketConfigKind, text: string, value: unknown): void {
    let entries = this.cache.get(bucket);
    if (entries === undefined) this.cache.set(bucket, (entries = new Map()));
    entries.set(kind, { text, value });
  }

  private emit(change: BucketConfigChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.log(`bucket configuration listener failed: ${(err as Error).message}`);
      }
    }
  }
}
