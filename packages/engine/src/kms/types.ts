/**
 * The KMS the engine seals its data keys with (issue 8 §2, encryption at rest). The built-in
 * implementation lives beside this file; the object data path and the S3/admin handlers see only
 * this interface, through the engine context.
 */

/** One named key of the KMS (admin `kms/key/list`). */
export interface KmsKeyInfo {
  name: string;
  createdAt: Date;
  createdBy: string;
}

/** A fresh data key: `plaintext` (32 bytes) to use now, `sealed` to store with the object. */
export interface DataKey {
  keyId: string;
  plaintext: Buffer;
  sealed: Buffer;
}

export interface Kms {
  /** Whether a KMS is configured at all (MinIO answers 501 NotImplemented "KMS is not configured" otherwise). */
  readonly configured: boolean;
  /** The key used when a request names none (SSE-S3, SSE-KMS without key id, bucket default without key id). */
  readonly defaultKeyId: string;
  /** Admin status document, MinIO's shape: {name, "default-key-id", endpoints, state}. */
  status(): Promise<{ name: string; defaultKeyId: string; endpoints: Record<string, 'online' | 'offline'> }>;
  /** Creates a named key; throws KmsKeyExists (engine error, 409-ish per MinIO) if it exists. */
  createKey(name: string, createdBy: string): Promise<void>;
  /** Keys whose name matches a glob pattern (`*` = all). */
  listKeys(pattern: string): Promise<KmsKeyInfo[]>;
  /** Throws KmsKeyNotFound (MinIO: `KMS.NotFoundException`, 400) for an unknown key. */
  keyExists(keyId: string): Promise<boolean>;
  /**
   * A new 32-byte data key under `keyId` (default key when undefined), sealed with AES-256-GCM bound to
   * `context` (e.g. {bucket/key path}) so a sealed key moved to another object does not unseal.
   */
  generateDataKey(keyId: string | undefined, context: Record<string, string>): Promise<DataKey>;
  /** Unseals a data key; throws (engine error, not a crash) when the key id, context or bytes are wrong. */
  decryptDataKey(keyId: string, sealed: Buffer, context: Record<string, string>): Promise<Buffer>;
}
