/**
 * The admin client against a small fake server that checks what a MinIO server checks: the SigV4
 * signature (recomputed here from the request as received, with the protocol's canonical-request
 * functions), the payload hash, the security token, madmin envelopes in both directions, and
 * the error shapes of wire doc §6.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptData, encryptData } from '@coffer/protocol';
import {
  sendJson as json,
  startFakeAdminServer,
  type FakeAdminServer,
  type FakeHandler,
} from '../test/fake-admin-server.js';
import { createAdminClient, encodeQuery } from './admin-client.js';
import { AdminApiError } from './errors.js';
import { assumeRole } from './sts.js';

const SECRET = 'secret-key-123';
const ACCESS = 'AKIDEXAMPLE';

let fake: FakeAdminServer;
let endpoint: string;
let seen: FakeAdminServer['seen'];
const setHandler = (h: FakeHandler): void => fake.handle(h);

beforeAll(async () => {
  fake = await startFakeAdminServer(SECRET);
  endpoint = fake.endpoint;
  seen = fake.seen;
});

afterAll(async () => {
  await fake.close();
});

describe('admin client requests', () => {
  it('signs GET /info with service s3, region "" and the payload hash', async () => {
    setHandler((_s, res) => json(res, 200, { mode: 'online', backend: { backendType: 'Erasure' } }));
    const client = createAdminClient({ endpoint, accessKey: ACCESS, secretKey: SECRET });
    const info = await client.serverInfo();
    expect(info.backend?.backendType).toBe('Erasure');
    const s = seen.at(-1)!;
    expect(s.url).toBe('/minio/admin/v3/info?metrics=false');
    expect(s.signatureOk).toBe(true);
    expect(s.service).toBe('s3');
    expect(s.region).toBe('');
    expect(s.headers['x-amz-security-token']).toBeUndefined();
  });

  it('sends the session token of temporary credentials', async () => {
    setHandler((_s, res) =>
      json(res, 200, { AccountName: 'root', Server: { Type: 2 }, Policy: {}, Buckets: [] }),
    );
    const client = createAdminClient({
      endpoint,
      accessKey: ACCESS,
      secretKey: SECRET,
      sessionToken: 'tok.en',
    });
    const info = await client.accountInfo();
    expect(info.AccountName).toBe('root');
    const s = seen.at(-1)!;
    expect(s.headers['x-amz-security-token']).toBe('tok.en');
    expect(s.signatureOk).toBe(true);
  });

  it('signs with the given region and keeps a path prefix of the endpoint', async () => {
    setHandler((_s, res) => json(res, 200, { Disks: [], Backend: { Type: 2 } }));
    const client = createAdminClient({
      endpoint: `${endpoint}/proxy/`,
      accessKey: ACCESS,
      secretKey: SECRET,
      region: 'eu-west-1',
    });
    await client.storageInfo();
    const s = seen.at(-1)!;
    expect(s.url).toBe('/proxy/minio/admin/v3/storageinfo');
    expect(s.region).toBe('eu-west-1');
    expect(s.signatureOk).toBe(true);
  });

  it('decrypts encrypted answers with the signing secret (list-users)', async () => {
    setHandler(async (_s, res) => {
      const envelope = await encryptData(
        SECRET,
        Buffer.from(JSON.stringify({ alice: { status: 'enabled' } })),
      );
      res.setHeader('content-type', 'application/json');
      res.end(envelope);
    });
    const client = createAdminClient({ endpoint, accessKey: ACCESS, secretKey: SECRET });
    expect(await client.listUsers()).toEqual({ alice: { status: 'enabled' } });
  });

  it('encrypts request bodies with the signing secret (add-user) and sends Content-Length', async () => {
    setHandler((_s, res) => res.end());
    const client = createAdminClient({ endpoint, accessKey: ACCESS, secretKey: SECRET });
    await client.addUser('bob', 'bobsecret1');
    const s = seen.at(-1)!;
    expect(s.method).toBe('PUT');
    expect(s.url).toBe('/minio/admin/v3/add-user?accessKey=bob');
    expect(s.headers['content-length']).toBe(String(s.body.length));
    expect(s.signatureOk).toBe(true);
    const plain = JSON.parse((await decryptData(SECRET, s.body)).toString('utf8')) as unknown;
    expect(plain).toEqual({ secretKey: 'bobsecret1', status: 'enabled' });
  });
});

describe('admin client errors', () => {
  const client = (): ReturnType<typeof createAdminClient> =>
    createAdminClient({ endpoint, accessKey: ACCESS, secretKey: SECRET });

  it('parses JSON admin errors', async () => {
    setHandler((_s, res) =>
      json(res, 404, {
        Code: 'XMinioAdminNoSuchUser',
        Message: 'The specified user does not exist.',
        RequestId: 'R1',
      }),
    );
    const err = await client()
      .serverInfo()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({
      code: 'XMinioAdminNoSuchUser',
      message: 'The specified user does not exist.',
      status: 404,
      requestId: 'R1',
      shape: 'json',
    });
  });

  it('parses XML errors', async () => {
    setHandler((_s, res) => {
      res.statusCode = 403;
      res.end(
        '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied &amp; more.</Message></Error>',
      );
    });
    await expect(client().dataUsageInfo()).rejects.toMatchObject({
      code: 'AccessDenied',
      message: 'Access Denied & more.',
      status: 403,
      shape: 'xml',
    });
  });

  it('falls back to the status line', async () => {
    setHandler((_s, res) => {
      res.statusCode = 502;
      res.end();
    });
    await expect(client().serverInfo()).rejects.toMatchObject({
      code: 'BadGateway',
      message: 'Bad Gateway',
      status: 502,
      shape: 'status',
    });
  });

  it('leaves network failures as system errors', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const c = createAdminClient({
      endpoint: `http://127.0.0.1:${port}`,
      accessKey: ACCESS,
      secretKey: SECRET,
    });
    const err = (await c.serverInfo().catch((e: unknown) => e)) as NodeJS.ErrnoException;
    expect(err).not.toBeInstanceOf(AdminApiError);
    expect(err.code).toBe('ECONNREFUSED');
  });
});

describe('STS AssumeRole', () => {
  it('posts the form signed with service sts and parses the credentials', async () => {
    setHandler((_s, res) => {
      res.setHeader('content-type', 'application/xml');
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><AssumedRoleUser><Arn></Arn><AssumeRoleId></AssumeRoleId></AssumedRoleUser><Credentials><AccessKeyId>TMPKEY</AccessKeyId><SecretAccessKey>tmp/secret+x</SecretAccessKey><SessionToken>a.b.c</SessionToken><Expiration>2030-01-01T12:00:00Z</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>',
      );
    });
    const creds = await assumeRole({
      endpoint,
      accessKey: ACCESS,
      secretKey: SECRET,
      durationSeconds: 7200,
      policy: '{"Version":"2012-10-17"}',
    });
    expect(creds).toEqual({
      accessKeyId: 'TMPKEY',
      secretAccessKey: 'tmp/secret+x',
      sessionToken: 'a.b.c',
      expiration: new Date('2030-01-01T12:00:00Z'),
    });
    const s = seen.at(-1)!;
    expect(s.method).toBe('POST');
    expect(s.url).toBe('/');
    expect(s.service).toBe('sts');
    expect(s.region).toBe('us-east-1');
    expect(s.signatureOk).toBe(true);
    expect(String(s.headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(s.body.toString('utf8'));
    expect(Object.fromEntries(form)).toEqual({
      Action: 'AssumeRole',
      Version: '2011-06-15',
      DurationSeconds: '7200',
      Policy: '{"Version":"2012-10-17"}',
    });
  });

  it('turns an STS ErrorResponse into AdminApiError', async () => {
    setHandler((_s, res) => {
      res.statusCode = 403;
      res.end(
        '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type></Type><Code>AccessDenied</Code><Message>The access key ID you provided does not exist in our records.</Message></Error><RequestId>X</RequestId></ErrorResponse>',
      );
    });
    const client = createAdminClient({ endpoint, accessKey: 'x', secretKey: 'y' });
    await expect(
      client.assumeRole({ accessKey: ACCESS, secretKey: 'wrong', durationSeconds: 900 }),
    ).rejects.toMatchObject({
      code: 'AccessDenied',
      status: 403,
      message: 'The access key ID you provided does not exist in our records.',
    });
  });

  it('refuses an answer without credentials', async () => {
    setHandler((_s, res) => res.end('<AssumeRoleResponse></AssumeRoleResponse>'));
    await expect(
      assumeRole({ endpoint, accessKey: ACCESS, secretKey: SECRET, durationSeconds: 900 }),
    ).rejects.toMatchObject({
      code: 'InvalidResponse',
    });
  });
});

describe('encodeQuery', () => {
  it('sorts keys, escapes RFC 3986-style and keeps repeated values in order', () => {
    expect(encodeQuery({ b: 'x y', a: ['2', '1'], c: undefined, 'd/e': 'ü~' })).toBe(
      'a=2&a=1&b=x%20y&d%2Fe=%C3%BC~',
    );
  });
});
