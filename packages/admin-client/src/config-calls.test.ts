/**
 * The configuration and service calls (wire doc §3.6, §3.12) against the fake server: method,
 * path and query; the KV text encrypted up and decrypted down with the signing secret; the
 * restart flag from `x-minio-config-applied`; help and restart answers decoded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptData, encryptData, isEncrypted } from '@coffer/protocol';
import { sendJson, startFakeAdminServer, type FakeAdminServer } from '../test/fake-admin-server.js';
import { createAdminClient, type AdminClient } from './admin-client.js';

const SECRET = 'config-secret-key';
let fake: FakeAdminServer;
let client: AdminClient;

beforeAll(async () => {
  fake = await startFakeAdminServer(SECRET);
  client = createAdminClient({ endpoint: fake.endpoint, accessKey: 'ADMIN', secretKey: SECRET });
});

afterAll(async () => {
  await fake.close();
});

function expectRequest(method: string, url: string): void {
  const s = fake.last();
  expect(`${s.method} ${s.url}`).toBe(`${method} ${url}`);
  expect(s.signatureOk).toBe(true);
}

async function decryptedText(): Promise<string> {
  const body = fake.last().body;
  expect(isEncrypted(body)).toBe(true);
  return (await decryptData(SECRET, body)).toString('utf8');
}

describe('config KV (§3.6)', () => {
  it('get-config-kv: the answer is decrypted text', async () => {
    const envelope = await encryptData(SECRET, Buffer.from('region name=eu-1\n'));
    fake.handle((_s, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(envelope);
    });
    expect(await client.getConfigKV('region')).toBe('region name=eu-1\n');
    expectRequest('GET', '/minio/admin/v3/get-config-kv?key=region');
    await client.getConfigKV('notify_webhook:1');
    expectRequest('GET', '/minio/admin/v3/get-config-kv?key=notify_webhook%3A1');
  });

  it('set-config-kv: body encrypted; restart unless the server says applied', async () => {
    fake.handle((_s, res) => res.end());
    expect(await client.setConfigKV('notify_webhook:1 endpoint="http://h/x"')).toEqual({ restart: true });
    expectRequest('PUT', '/minio/admin/v3/set-config-kv');
    expect(await decryptedText()).toBe('notify_webhook:1 endpoint="http://h/x"');

    fake.handle((_s, res) => {
      res.setHeader('x-minio-config-applied', 'true');
      res.end();
    });
    expect(await client.setConfigKV('compression enable="on"')).toEqual({ restart: false });
  });

  it('del-config-kv: body encrypted, same restart rule', async () => {
    fake.handle((_s, res) => {
      res.setHeader('x-minio-config-applied', 'true');
      res.end();
    });
    expect(await client.delConfigKV('logger_webhook:1')).toEqual({ restart: false });
    expectRequest('DELETE', '/minio/admin/v3/del-config-kv');
    expect(await decryptedText()).toBe('logger_webhook:1');
  });

  it("a refusal is the server's error", async () => {
    fake.handle((_s, res) =>
      sendJson(res, 400, { Code: 'XMinioAdminConfigBadJSON', Message: "'endpoint' is required" }),
    );
    await expect(client.setConfigKV('notify_webhook:1 queue_limit="1"')).rejects.toMatchObject({
      code: 'XMinioAdminConfigBadJSON',
      message: "'endpoint' is required",
      status: 400,
    });
  });

  it('help-config-kv: both query keys, key may be empty', async () => {
    const help = {
      subSys: 'region',
      description: 'label the location of the server',
      multipleTargets: false,
      keysHelp: [
        { key: 'name', description: 'name', optional: true, type: 'string', multipleTargets: false },
      ],
    };
    fake.handle((_s, res) => sendJson(res, 200, help));
    expect(await client.helpConfigKV('region')).toEqual(help);
    expectRequest('GET', '/minio/admin/v3/help-config-kv?key=&subSys=region');
  });
});

describe('service restart (§3.12)', () => {
  it('POST /service?action=restart&type=2; V2 results, or an empty V1 answer', async () => {
    const result = { action: 'restart', dryRun: false, results: [{ host: '127.0.0.1:9000' }] };
    fake.handle((_s, res) => sendJson(res, 200, result));
    expect(await client.serviceRestart()).toEqual(result);
    expectRequest('POST', '/minio/admin/v3/service?action=restart&type=2');
    fake.handle((_s, res) => res.end());
    expect(await client.serviceRestart()).toBeUndefined();
  });

  it('a node reporting an error fails the call with its message', async () => {
    fake.handle((_s, res) =>
      sendJson(res, 200, { action: 'restart', dryRun: false, results: [{ host: 'n1', err: 'drive busy' }] }),
    );
    await expect(client.serviceRestart()).rejects.toMatchObject({ message: 'n1: drive busy' });
  });
});
