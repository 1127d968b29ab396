import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../storage/startup-error.js';
import {
  GENERATED_KEY_NAME,
  KMS_KEY_FILE_NAME,
  formatKmsSecretKey,
  parseKmsSecretKey,
  resolveMasterKey,
} from './master-key.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-kms-key-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('KMS master key', () => {
  it("parses MinIO's '<name>:<base64 of 32 bytes>' and refuses anything else", () => {
    const material = randomBytes(32);
    const key = parseKmsSecretKey(`my-minio-key:${material.toString('base64')}`, 'test');
    expect(key.name).toBe('my-minio-key');
    expect(key.material.equals(material)).toBe(true);
    expect(formatKmsSecretKey(key)).toBe(`my-minio-key:${material.toString('base64')}`);
    for (const bad of [
      material.toString('base64'),
      `:${material.toString('base64')}`,
      `key:${randomBytes(16).toString('base64')}`,
      `key:${material.toString('base64')}!!`,
      `bad/name:${material.toString('base64')}`,
    ]) {
      expect(() => parseKmsSecretKey(bad, 'MINIO_KMS_SECRET_KEY')).toThrow(StartupError);
    }
  });

  it('takes COFFER_KMS_SECRET_KEY before MINIO_KMS_SECRET_KEY, and names the variable when malformed', async () => {
    const a = `a-key:${randomBytes(32).toString('base64')}`;
    const b = `b-key:${randomBytes(32).toString('base64')}`;
    const both = await resolveMasterKey({
      env: { COFFER_KMS_SECRET_KEY: a, MINIO_KMS_SECRET_KEY: b },
      dataDir: dir,
    });
    expect([both.name, both.source]).toEqual(['a-key', 'environment']);
    const minio = await resolveMasterKey({ env: { MINIO_KMS_SECRET_KEY: b }, dataDir: dir });
    expect(minio.name).toBe('b-key');
    await expect(resolveMasterKey({ env: { MINIO_KMS_SECRET_KEY: 'oops' }, dataDir: dir })).rejects.toThrow(
      /MINIO_KMS_SECRET_KEY/,
    );
  });

  it('generates a key once into the data dir (mode 0600) and reuses it', async () => {
    const first = await resolveMasterKey({ env: {}, dataDir: dir });
    expect(first.source).toBe('generated');
    expect(first.name).toBe(GENERATED_KEY_NAME);
    const file = path.join(dir, KMS_KEY_FILE_NAME);
    expect(first.file).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(formatKmsSecretKey(first));

    await chmod(file, 0o644);
    const second = await resolveMasterKey({ env: {}, dataDir: dir });
    expect(second.source).toBe('stored');
    expect(second.material.equals(first.material)).toBe(true);
    // A loosened file is tightened again.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    await writeFile(path.join(dir, KMS_KEY_FILE_NAME), 'garbage\n', { mode: 0o600 });
    await expect(resolveMasterKey({ env: {}, dataDir: dir })).rejects.toThrow(StartupError);
    expect(await readFile(path.join(dir, KMS_KEY_FILE_NAME), 'utf8')).toBe('garbage\n');
  });
});
