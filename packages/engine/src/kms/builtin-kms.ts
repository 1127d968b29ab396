/**
 * The built-in KMS: MinIO's single-key KMS (`MINIO_KMS_SECRET_KEY`) plus named keys, all in the
 * engine. The master key (`master-key.ts`) is the default key; every named key is 32 random bytes
 * sealed under the master key and kept as a small JSON document in the object layer's system area
 * (`kms/keys/<name>.json`, replicated on every drive), so it survives restarts and is shared by
 * engines on the same drives. Data keys are 32 random bytes sealed under their key with the
 * caller's context as additional data (`seal.ts`).
 *
 * Failures are engine errors, never crashes: an unknown key is KmsKeyNotFound, a key created twice
 * KmsKeyExists, a sealed key that does not unseal (wrong key, context or bytes) KmsDecryptionFailed.
 * A stored key document that is unreadable or does not unseal under this master key (the data dir's
 * key was replaced) is reported through `log` and treated as missing, not as a crash.
 */
import { randomBytes } from 'node:crypto';
import { KmsDecryptionFailed, KmsKeyExists, KmsKeyNotFound } from './errors.js';
import { checkKeyName, isValidKeyName, matchesKeyPattern } from './key-names.js';
import type { MasterKey } from './master-key.js';
import { seal, sealContext, sealingKey, unseal } from './seal.js';
import type { DataKey, Kms, KmsKeyInfo } from './types.js';

/** Where named keys live: the object layer's system area has exactly these calls. */
export interface KmsKeyStore {
  readSystemFile(path: string): Promise<Buffer | undefined>;
  writeSystemFile(path: string, data: Buffer): Promise<void>;
  listSystemFiles(prefix: string): Promise<string[]>;
}

export const KMS_KEYS_PREFIX = 'kms/keys/';

/** A named key as stored (the key bytes sealed under the master key). */
interface KeyRecord {
  version: 1;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  createdBy: string;
  /** base64 of the sealed 32 key bytes. */
  sealed: string;
}

interface LoadedKey {
  info: KmsKeyInfo;
  /** The AES key that seals this key's data keys. */
  dataKeySealer: Buffer;
}

export interface BuiltinKmsOptions {
  /** Where named keys are kept (the object layer in an engine). */
  store: KmsKeyStore;
  /** When the master key came into use (listed as the default key's creation time); default: the epoch (unknown). */
  masterCreatedAt?: Date;
  /** The address the engine serves the KMS on, reported by `status()` as its endpoint. */
  endpoint?: () => string;
  log?: (line: string) => void;
}

function keyPath(name: string): string {
  return `${KMS_KEYS_PREFIX}${name}.json`;
}

/** The context every named key is sealed under: its own name, so records cannot be swapped. */
function namedKeyAad(master: MasterKey, name: string): Buffer {
  return sealContext(master.name, { 'named-key': name });
}

export class BuiltinKms implements Kms {
  readonly configured = true;
  readonly defaultKeyId: string;
  private readonly master: MasterKey;
  private readonly masterSealer: Buffer;
  private readonly store: KmsKeyStore;
  private readonly options: BuiltinKmsOptions;
  /** Named keys read so far (keys are never deleted, so a cached key stays valid). */
  private readonly cache = new Map<string, LoadedKey>();
  /** Creations in flight, per name: a second `createKey` of the same name waits and then sees it. */
  private readonly creating = new Map<string, Promise<void>>();

  constructor(master: MasterKey, options: BuiltinKmsOptions) {
    if (master.material.length !== 32) throw new Error('the KMS master key must be 32 bytes');
    this.master = master;
    this.defaultKeyId = master.name;
    this.masterSealer = sealingKey(master.material, 'named-key');
    this.store = options.store;
    this.options = options;
    this.cache.set(master.name, {
      info: { name: master.name, createdAt: options.masterCreatedAt ?? new Date(0), createdBy: '' },
      dataKeySealer: sealingKey(master.material, 'data-key'),
    });
  }

  status(): Promise<{ name: string; defaultKeyId: string; endpoints: Record<string, 'online' | 'offline'> }> {
    const endpoint = this.options.endpoint?.();
    return Promise.resolve({
      name: 'Builtin',
      defaultKeyId: this.defaultKeyId,
      endpoints: endpoint !== undefined ? { [endpoint]: 'online' } : {},
    });
  }

  async createKey(name: string, createdBy: string): Promise<void> {
    checkKeyName(name);
    // One creation per name at a time in this process; the read-then-write below is not atomic
    // across engines on the same drives, which MinIO's built-in KMS does not promise either.
    while (this.creating.has(name)) await this.creating.get(name)?.catch(() => undefined);
    const work = this.createOnce(name, createdBy);
    this.creating.set(name, work);
    try {
      await work;
    } finally {
      this.creating.delete(name);
    }
  }

  private async createOnce(name: string, createdBy: string): Promise<void> {
    if ((await this.load(name)) !== undefined) {
      throw new KmsKeyExists(`key with given key ID already exists: '${name}'`);
    }
    const material = randomBytes(32);
    const record: KeyRecord = {
      version: 1,
      name,
      createdAt: new Date().toISOString(),
      createdBy,
      sealed: seal(this.masterSealer, material, namedKeyAad(this.master, name)).toString('base64'),
    };
    await this.store.writeSystemFile(keyPath(name), Buffer.from(JSON.stringify(record), 'utf8'));
    this.cache.set(name, {
      info: { name, createdAt: new Date(record.createdAt), createdBy },
      dataKeySealer: sealingKey(material, 'data-key'),
    });
  }

  async listKeys(pattern: string): Promise<KmsKeyInfo[]> {
    const names = new Set<string>([this.master.name]);
    for (const entry of await this.store.listSystemFiles(KMS_KEYS_PREFIX)) {
      const rest = entry.startsWith(KMS_KEYS_PREFIX) ? entry.slice(KMS_KEYS_PREFIX.length) : entry;
      if (!rest.endsWith('.json')) continue;
      const name = rest.slice(0, -'.json'.length);
      if (isValidKeyName(name)) names.add(name);
    }
    const out: KmsKeyInfo[] = [];
    for (const name of [...names].sort()) {
      if (!matchesKeyPattern(pattern, name)) continue;
      const key = await this.load(name);
      if (key) out.push({ ...key.info });
    }
    return out;
  }

  /** True for a key that exists; throws KmsKeyNotFound otherwise (see the interface). */
  async keyExists(keyId: string): Promise<boolean> {
    await this.require(keyId);
    return true;
  }

  async generateDataKey(keyId: string | undefined, context: Record<string, string>): Promise<DataKey> {
    const id = keyId ?? this.defaultKeyId;
    const key = await this.require(id);
    const plaintext = randomBytes(32);
    const sealed = seal(key.dataKeySealer, plaintext, sealContext(id, context));
    return { keyId: id, plaintext, sealed };
  }

  async decryptDataKey(keyId: string, sealed: Buffer, context: Record<string, string>): Promise<Buffer> {
    const key = await this.require(keyId);
    const plaintext = unseal(key.dataKeySealer, sealed, sealContext(keyId, context));
    if (plaintext === undefined) throw new KmsDecryptionFailed();
    return plaintext;
  }

  private async require(keyId: string): Promise<LoadedKey> {
    const key = await this.load(keyId);
    if (key === undefined) throw new KmsKeyNotFound(`key with given key ID does not exist: '${keyId}'`);
    return key;
  }

  /** The key named `name` from the cache or the store; undefined when it does not exist (or is unusable). */
  private async load(name: string): Promise<LoadedKey | undefined> {
    const cached = this.cache.get(name);
    if (cached !== undefined) return cached;
    if (!isValidKeyName(name)) return undefined;
    const data = await this.store.readSystemFile(keyPath(name));
    if (data === undefined) return undefined;
    const material = this.unsealRecord(name, data);
    if (material === undefined) return undefined;
    const loaded = { info: material.info, dataKeySealer: sealingKey(material.bytes, 'data-key') };
    this.cache.set(name, loaded);
    return loaded;
  }

  private unsealRecord(name: string, data: Buffer): { info: KmsKeyInfo; bytes: Buffer } | undefined {
    let record: Partial<KeyRecord>;
    try {
      record = JSON.parse(data.toString('utf8')) as Partial<KeyRecord>;
    } catch {
      this.options.log?.(`kms: key '${name}' is stored unreadably (not JSON); ignored`);
      return undefined;
    }
    if (record.name !== name || typeof record.sealed !== 'string') {
      this.options.log?.(`kms: key '${name}' is stored without its name or sealed bytes; ignored`);
      return undefined;
    }
    const bytes = unseal(
      this.masterSealer,
      Buffer.from(record.sealed, 'base64'),
      namedKeyAad(this.master, name),
    );
    if (bytes === undefined || bytes.length !== 32) {
      // Most likely the master key changed since the key was created: say so, do not crash.
      this.options.log?.(
        `kms: key '${name}' does not unseal under the master key '${this.master.name}'; ignored`,
      );
      return undefined;
    }
    const createdAt = new Date(record.createdAt ?? 0);
    return {
      info: {
        name,
        createdAt: Number.isNaN(createdAt.getTime()) ? new Date(0) : createdAt,
        createdBy: typeof record.createdBy === 'string' ? record.createdBy : '',
      },
      bytes,
    };
  }
}
