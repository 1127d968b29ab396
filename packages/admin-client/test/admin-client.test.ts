/**
 * The admin client against the real engine (a child process): the info calls with root keys and
 * with STS temporary credentials, AssumeRole's refusals, and the error shape of an unsupported call.
 * The engine harness is the console server's (one harness for the console's integration tests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePolicy, evaluate } from '@coffer/protocol';
import { AdminApiError, createAdminClient } from '../src/index.js';
import { startEngine, type EngineHandle } from '../../server/test/helpers/engine-process.js';

let engine: EngineHandle;

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
});

afterAll(async () => {
  await engine?.stop();
});

describe('admin client against the engine', () => {
  it('reads server, storage, usage and account info with root keys', async () => {
    const admin = createAdminClient({
      endpoint: engine.url,
      accessKey: engine.accessKey,
      secretKey: engine.secretKey,
    });
    const info = await admin.serverInfo();
    expect(info.backend?.backendType).toBe('Erasure');
    const storage = await admin.storageInfo();
    expect(storage.Disks).toHaveLength(4);
    expect(storage.Backend.Type).toBe(2);
    const usage = await admin.dataUsageInfo();
    expect(typeof usage.objectsCount).toBe('number');
    const account = await admin.accountInfo();
    expect(account.AccountName).toBe(engine.accessKey);
    const policy = parsePolicy(account.Policy);
    expect(evaluate([policy], { action: 'admin:ServerInfo' })).toBe(true);
  });

  it('gets temporary credentials from STS and uses them for admin calls', async () => {
    const admin = createAdminClient({
      endpoint: engine.url,
      accessKey: 'unused',
      secretKey: 'unused-secret',
    });
    const creds = await admin.assumeRole({
      accessKey: engine.accessKey,
      secretKey: engine.secretKey,
      durationSeconds: 3600,
    });
    expect(creds.accessKeyId).toMatch(/^[0-9A-Z]{20}$/);
    expect(creds.expiration.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const temp = createAdminClient({
      endpoint: engine.url,
      accessKey: creds.accessKeyId,
      secretKey: creds.secretAccessKey,
      sessionToken: creds.sessionToken,
    });
    const account = await temp.accountInfo();
    expect(account.AccountName).toBe(engine.accessKey);

    // Temporary credentials cannot assume a role themselves.
    await expect(
      temp.assumeRole({
        accessKey: creds.accessKeyId,
        secretKey: creds.secretAccessKey,
        durationSeconds: 900,
      }),
    ).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
  });

  it('reports a wrong secret as AccessDenied with the server message', async () => {
    const admin = createAdminClient({ endpoint: engine.url, accessKey: 'x', secretKey: 'y' });
    const err = await admin
      .assumeRole({ accessKey: engine.accessKey, secretKey: 'wrong-secret', durationSeconds: 900 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect((err as AdminApiError).message.length).toBeGreaterThan(0);
  });

  it('parses the JSON error of an admin call the server does not know', async () => {
    const admin = createAdminClient({
      endpoint: engine.url,
      accessKey: engine.accessKey,
      secretKey: engine.secretKey,
    });
    await expect(admin.request({ method: 'GET', path: '/no-such-call' })).rejects.toMatchObject({
      code: 'XMinioAdminVersionMismatch',
      status: 426,
    });
  });
});
