import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BuiltinKms, KMS_KEYS_PREFIX, type KmsKeyStore } from './builtin-kms.js';
import { KmsDecryptionFailed, KmsKeyExists, KmsKeyNotFound, KmsNotConfigured } from './errors.js';
import { InvalidArgument } from '../common/errors.js';
import type { MasterKey } from './master-key.js';
import { unconfiguredKms } from './unconfigured-kms.js';

/** The system area as a map: what survives a "restart" is exactly what was written. */
function memoryStore(files = new Map<string, Buffer>()): KmsKeyStore & { files: Map<string, Buffer> } {
  return {
    files,
    readSystemFile: (path) => Promise.resolve(files.get(path)),
    writeSystemFile: (path, data) => {
      files.set(path, Buffer.from(data));
      return Promise.resolve();
    },
    listSystemFiles: (prefix) => Promise.resolve([...files.keys()].filter((k) => k.startsWith(prefix))),
  };
}

function masterKey(name = 'my-minio-key'): MasterKey {
  return { name, material: randomBytes(32) };
}

const CONTEXT = { 'bucket/key': 'photos/cat.jpg' };

describe('built-in KMS', () => {
  it('generates 32-byte data keys under the default key that unseal with the same context', async () => {
    const kms = new BuiltinKms(masterKey(), { store: memoryStore() });
    expect(kms.configured).toBe(true);
    expect(kms.defaultKeyId).toBe('my-minio-key');
    const one = await kms.generateDataKey(undefined, CONTEXT);
    const two = await kms.generateDataKey(undefined, CONTEXT);
    expect(one.keyId).toBe('my-minio-key');
    expect(one.plaintext).toHaveLength(32);
    expect(one.plaintext.equals(two.plaintext)).toBe(false);
    // The sealed form does not carry the plaintext.
    expect(one.sealed.includes(one.plaintext)).toBe(false);
    // Context keys in another order are the same context.
    const back = await kms.decryptDataKey('my-minio-key', one.sealed, { ...CONTEXT });
    expect(back.equals(one.plaintext)).toBe(true);
  });

  it('refuses a sealed key with the wrong context, a tampered byte, or another key', async () => {
    const kms = new BuiltinKms(masterKey(), { store: memoryStore() });
    await kms.createKey('other', 'admin');
    const key = await kms.generateDataKey(undefined, CONTEXT);
    await expect(
      kms.decryptDataKey(kms.defaultKeyId, key.sealed, { 'bucket/key': 'photos/dog.jpg' }),
    ).rejects.toThrow(KmsDecryptionFailed);
    await expect(kms.decryptDataKey(kms.defaultKeyId, key.sealed, {})).rejects.toThrow(KmsDecryptionFailed);
    for (const at of [0, 5, key.sealed.length - 1]) {
      const tampered = Buffer.from(key.sealed);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      await expect(kms.decryptDataKey(kms.defaultKeyId, tampered, CONTEXT)).rejects.toThrow(
        KmsDecryptionFailed,
      );
    }
    await expect(kms.decryptDataKey(kms.defaultKeyId, key.sealed.subarray(0, 10), CONTEXT)).rejects.toThrow(
      KmsDecryptionFailed,
    );
    await expect(kms.decryptDataKey('other', key.sealed, CONTEXT)).rejects.toThrow(KmsDecryptionFailed);
    await expect(kms.decryptDataKey('missing', key.sealed, CONTEXT)).rejects.toThrow(KmsKeyNotFound);
  });

  it('creates named keys once, lists them by pattern and keeps them across a restart', async () => {
    const master = masterKey();
    const store = memoryStore();
    const kms = new BuiltinKms(master, { store });
    await kms.createKey('app-key', 'alice');
    await kms.createKey('backup.key', 'root');
    await expect(kms.createKey('app-key', 'bob')).rejects.toThrow(KmsKeyExists);
    await expect(kms.createKey(master.name, 'bob')).rejects.toThrow(KmsKeyExists);
    await expect(kms.createKey('../escape', 'bob')).rejects.toThrow(InvalidArgument);
    await expect(kms.createKey('', 'bob')).rejects.toThrow(InvalidArgument);

    const names = (await kms.listKeys('*')).map((k) => k.name);
    expect(names).toEqual(['app-key', 'backup.key', 'my-minio-key']);
    expect((await kms.listKeys('app-*')).map((k) => [k.name, k.createdBy])).toEqual([['app-key', 'alice']]);
    expect(await kms.listKeys('nothing-*')).toEqual([]);
    expect(await kms.keyExists('app-key')).toBe(true);
    await expect(kms.keyExists('nope')).rejects.toThrow(KmsKeyNotFound);

    // The key bytes never sit in the store in the clear: only the sealed record.
    const record = store.files.get(`${KMS_KEYS_PREFIX}app-key.json`);
    expect(record).toBeDefined();
    const sealedUnderApp = await kms.generateDataKey('app-key', CONTEXT);

    // A new KMS over the same store and master key: the named key is still there and unseals.
    const restarted = new BuiltinKms(
      { name: master.name, material: Buffer.from(master.material) },
      { store },
    );
    expect((await restarted.listKeys('*')).map((k) => k.name)).toEqual(names);
    const back = await restarted.decryptDataKey('app-key', sealedUnderApp.sealed, CONTEXT);
    expect(back.equals(sealedUnderApp.plaintext)).toBe(true);
    await expect(restarted.createKey('app-key', 'carol')).rejects.toThrow(KmsKeyExists);
  });

  it('ignores (and reports) stored keys that do not unseal under another master key', async () => {
    const store = memoryStore();
    await new BuiltinKms(masterKey('first'), { store }).createKey('named', 'root');
    const lines: string[] = [];
    const other = new BuiltinKms(masterKey('first'), { store, log: (line) => lines.push(line) });
    await expect(other.generateDataKey('named', CONTEXT)).rejects.toThrow(KmsKeyNotFound);
    expect(lines.join('\n')).toContain("key 'named' does not unseal");
    store.files.set(`${KMS_KEYS_PREFIX}broken.json`, Buffer.from('{not json'));
    expect((await other.listKeys('*')).map((k) => k.name)).toEqual(['first']);
  });

  it('serialises concurrent creations of one name: exactly one wins', async () => {
    const kms = new BuiltinKms(masterKey(), { store: memoryStore() });
    const results = await Promise.allSettled([kms.createKey('race', 'a'), kms.createKey('race', 'b')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason instanceof KmsKeyExists).toBe(true);
  });

  it('reports its status with the engine endpoint', async () => {
    const kms = new BuiltinKms(masterKey(), { store: memoryStore(), endpoint: () => '127.0.0.1:9000' });
    expect(await kms.status()).toEqual({
      name: 'Builtin',
      defaultKeyId: 'my-minio-key',
      endpoints: { '127.0.0.1:9000': 'online' },
    });
  });

  it('without a KMS every call is KmsNotConfigured', async () => {
    const kms = unconfiguredKms();
    expect(kms.configured).toBe(false);
    await expect(kms.status()).rejects.toThrow(KmsNotConfigured);
    await expect(kms.generateDataKey(undefined, {})).rejects.toThrow(KmsNotConfigured);
    await expect(kms.createKey('a', 'b')).rejects.toThrow(KmsNotConfigured);
  });
});
