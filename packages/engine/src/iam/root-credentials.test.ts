import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../storage/startup-error.js';
import {
  CREDENTIALS_FILE_NAME,
  resolveRootCredentials,
  validateRootCredentials,
} from './root-credentials.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-rootcred-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveRootCredentials', () => {
  it('prefers explicit options over the environment', async () => {
    const got = await resolveRootCredentials({
      rootUser: 'admin',
      rootPassword: 'password1',
      env: { COFFER_ROOT_USER: 'envuser', COFFER_ROOT_PASSWORD: 'envpassword' },
      dataDir: dir,
    });
    expect(got).toEqual({ accessKey: 'admin', secretKey: 'password1', source: 'options' });
  });

  it('takes COFFER_* before MINIO_*', async () => {
    const env = {
      COFFER_ROOT_USER: 'coffer',
      COFFER_ROOT_PASSWORD: 'cofferpass',
      MINIO_ROOT_USER: 'minio',
      MINIO_ROOT_PASSWORD: 'miniopass',
    };
    expect(await resolveRootCredentials({ env, dataDir: dir })).toMatchObject({
      accessKey: 'coffer',
      source: 'environment',
    });
    const minioOnly = { MINIO_ROOT_USER: 'minio', MINIO_ROOT_PASSWORD: 'miniopass' };
    expect(await resolveRootCredentials({ env: minioOnly, dataDir: dir })).toMatchObject({
      accessKey: 'minio',
      secretKey: 'miniopass',
    });
  });

  it('refuses half a pair with a message naming the missing variable', async () => {
    await expect(
      resolveRootCredentials({ env: { COFFER_ROOT_USER: 'someone' }, dataDir: dir }),
    ).rejects.toThrow(/COFFER_ROOT_USER is set but COFFER_ROOT_PASSWORD is not/);
    await expect(resolveRootCredentials({ rootUser: 'someone', dataDir: dir })).rejects.toBeInstanceOf(
      StartupError,
    );
  });

  it('validates lengths and reserved characters', () => {
    expect(() => validateRootCredentials('ab', 'password1', 'x')).toThrow(/at least 3 characters/);
    expect(() => validateRootCredentials('abc', 'short', 'x')).toThrow(/at least 8 characters/);
    expect(() => validateRootCredentials('a=b', 'password1', 'x')).toThrow(/'=' or ','/);
    expect(() => validateRootCredentials('abc', 'password1', 'x')).not.toThrow();
  });

  it('rejects a short password from the environment', async () => {
    await expect(
      resolveRootCredentials({
        env: { MINIO_ROOT_USER: 'minio', MINIO_ROOT_PASSWORD: 'short' },
        dataDir: dir,
      }),
    ).rejects.toThrow(/MINIO_ROOT_USER\/MINIO_ROOT_PASSWORD: the root password .* at least 8/);
  });

  it('generates strong keys at first start, stores them with mode 0600 and reuses them', async () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = await resolveRootCredentials({ env: {}, dataDir });
    expect(first.source).toBe('generated');
    expect(first.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(first.secretKey).toMatch(/^[A-Za-z0-9]{40}$/);
    const file = join(dataDir, CREDENTIALS_FILE_NAME);
    expect(first.file).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const doc = JSON.parse(await readFile(file, 'utf8')) as { accessKey: string; secretKey: string };
    expect(doc).toMatchObject({ accessKey: first.accessKey, secretKey: first.secretKey });

    const second = await resolveRootCredentials({ env: {}, dataDir });
    expect(second).toEqual({
      accessKey: first.accessKey,
      secretKey: first.secretKey,
      source: 'stored',
      file,
    });
  });

  it('tightens a loosened credentials file back to 0600', async () => {
    await resolveRootCredentials({ env: {}, dataDir: dir });
    const file = join(dir, CREDENTIALS_FILE_NAME);
    await chmod(file, 0o644);
    await resolveRootCredentials({ env: {}, dataDir: dir });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('explains a corrupt credentials file instead of replacing it', async () => {
    const file = join(dir, CREDENTIALS_FILE_NAME);
    await writeFile(file, '{not json', { mode: 0o600 });
    await expect(resolveRootCredentials({ env: {}, dataDir: dir })).rejects.toThrow(
      /not valid JSON; fix or delete it/,
    );
    await writeFile(file, '{"accessKey":"abc"}', { mode: 0o600 });
    await expect(resolveRootCredentials({ env: {}, dataDir: dir })).rejects.toThrow(
      /lacks accessKey\/secretKey/,
    );
  });

  it('reports a data dir that cannot be created', async () => {
    const blocker = join(dir, 'file');
    await writeFile(blocker, 'x');
    await expect(resolveRootCredentials({ env: {}, dataDir: join(blocker, 'data') })).rejects.toThrow(
      /cannot (store generated root credentials|read the root credentials file)/,
    );
  });
});
