/**
 * An engine started in-process with `createEngine` (port 0, 4 temp drives) driven over HTTP the
 * way real clients drive it: STS AssumeRole through minio-js's `AssumeRoleProvider` and by hand
 * (SigV4 service `sts`), S3 calls with the temporary credentials (token required and checked,
 * expiry enforced — the engine's IAM clock is moved forward instead of waiting), admin calls signed
 * as madmin signs them (service `s3`, empty region), and Prometheus scrapes with and without a
 * bearer JWT. Temporary credentials must also survive a restart on the same drives.
 */
import http from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signJwt, signRequest } from '@coffer/protocol';
import { Client } from 'minio';
import { AssumeRoleProvider } from 'minio/dist/esm/AssumeRoleProvider.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One HTTP request with exactly the given headers (fetch would add and forbid some). */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Keys {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
}

function signedSend(
  engine: Engine,
  keys: Keys,
  options: {
    method?: string;
    path: string;
    body?: string;
    service?: string;
    region?: string;
    headers?: Record<string, string>;
  },
): Promise<Reply> {
  const url = `${engine.url}${options.path}`;
  const method = options.method ?? 'GET';
  const headers = signRequest({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    ...(keys.sessionToken !== undefined ? { sessionToken: keys.sessionToken } : {}),
    region: options.region ?? 'us-east-1',
    service: options.service ?? 's3',
  });
  return send(url, method, headers, options.body);
}

function assumeRoleBody(params: Record<string, string>): string {
  return new URLSearchParams({ Action: 'AssumeRole', Version: '2011-06-15', ...params }).toString();
}

function stsPost(engine: Engine, keys: Keys, body: string): Promise<Reply> {
  return signedSend(engine, keys, {
    method: 'POST',
    path: '/',
    body,
    service: 'sts',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function xmlField(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

let dir: string;
let drives: string[];
let engine: Engine;
let clockOffsetMs = 0;
const root = { accessKey: 'rootadmin', secretKey: 'rootsecret-123456' };

async function start(): Promise<Engine> {
  return createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    now: () => Date.now() + clockOffsetMs,
    scannerIntervalMs: 250,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-engine-admin-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await start();
});

afterAll(async () => {
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('engine assembly', () => {
  it('listens on a free port and reports its URL, credentials and deployment', () => {
    expect(engine.address.port).toBeGreaterThan(0);
    expect(engine.url).toBe(`http://127.0.0.1:${engine.address.port}`);
    expect(engine.credentials).toEqual(root);
    expect(engine.credentialSource).toBe('options');
    expect(engine.deploymentId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('STS AssumeRole', () => {
  it('issues temporary credentials to minio-js AssumeRoleProvider, usable for S3 with the token', async () => {
    const provider = new AssumeRoleProvider({
      stsEndpoint: engine.url,
      accessKey: root.accessKey,
      secretKey: root.secretKey,
      durationSeconds: 900,
    });
    const creds = await provider.getCredentials();
    expect(creds.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(creds.secretKey).toHaveLength(40);
    expect(creds.sessionToken?.split('.')).toHaveLength(3);

    const client = new Client({
      endPoint: '127.0.0.1',
      port: engine.address.port,
      useSSL: false,
      accessKey: creds.accessKey,
      secretKey: creds.secretKey,
      sessionToken: creds.sessionToken ?? '',
      region: 'us-east-1',
    });
    await client.makeBucket('sts-bucket', 'us-east-1');
    const names = (await client.listBuckets()).map((b) => b.name);
    expect(names).toContain('sts-bucket');
  });

  it('answers the exact response document and enforces the session token', async () => {
    const reply = await stsPost(engine, root, assumeRoleBody({ DurationSeconds: '3600' }));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/xml');
    expect(reply.text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?><AssumeRoleResponse xmlns="https:\/\/sts\.amazonaws\.com\/doc\/2011-06-15\/"><AssumeRoleResult><AssumedRoleUser><Arn><\/Arn><AssumeRoleId><\/AssumeRoleId><\/AssumedRoleUser><Credentials><AccessKeyId>[A-Z0-9]{20}<\/AccessKeyId><SecretAccessKey>[A-Za-z0-9]{40}<\/SecretAccessKey><SessionToken>[\w-]+\.[\w-]+\.[\w-]+<\/SessionToken><Expiration>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/Expiration><\/Credentials><\/AssumeRoleResult><ResponseMetadata><RequestId>[^<]+<\/RequestId><\/ResponseMetadata><\/AssumeRoleResponse>$/,
    );
    const expiration = Date.parse(xmlField(reply.text, 'Expiration') ?? '');
    expect(Math.abs(expiration - (Date.now() + 3600_000))).toBeLessThan(60_000);
    const temp: Keys = {
      accessKey: xmlField(reply.text, 'AccessKeyId') ?? '',
      secretKey: xmlField(reply.text, 'SecretAccessKey') ?? '',
      sessionToken: xmlField(reply.text, 'SessionToken') ?? '',
    };

    expect((await signedSend(engine, temp, { path: '/' })).status).toBe(200);

    const noToken = await signedSend(
      engine,
      { accessKey: temp.accessKey, secretKey: temp.secretKey },
      { path: '/' },
    );
    expect(noToken.status).toBe(403);
    expect(xmlField(noToken.text, 'Code')).toBe('InvalidTokenId');

    const wrongToken = await signedSend(
      engine,
      { ...temp, sessionToken: `${temp.sessionToken ?? ''}x` },
      { path: '/' },
    );
    expect(wrongToken.status).toBe(403);
    expect(xmlField(wrongToken.text, 'Code')).toBe('InvalidTokenId');

    // Temporary credentials may not mint more (MinIO: 403 AccessDenied).
    const chained = await stsPost(engine, temp, assumeRoleBody({}));
    expect(chained.status).toBe(403);
    expect(xmlField(chained.text, 'Code')).toBe('AccessDenied');
  });

  it('refuses expired credentials', async () => {
    const reply = await stsPost(engine, root, assumeRoleBody({ DurationSeconds: '900' }));
    const temp: Keys = {
      accessKey: xmlField(reply.text, 'AccessKeyId') ?? '',
      secretKey: xmlField(reply.text, 'SecretAccessKey') ?? '',
      sessionToken: xmlField(reply.text, 'SessionToken') ?? '',
    };
    expect((await signedSend(engine, temp, { path: '/' })).status).toBe(200);
    clockOffsetMs = 901_000;
    try {
      const expired = await signedSend(engine, temp, { path: '/' });
      expect(expired.status).toBe(403);
      expect(xmlField(expired.text, 'Code')).toBe('InvalidAccessKeyId');
    } finally {
      clockOffsetMs = 0;
    }
    // Gone for good: deleted when found expired, not revived by the clock going back.
    expect((await signedSend(engine, temp, { path: '/' })).status).toBe(403);
  });

  it.each([
    ['a duration below 900 s', assumeRoleBody({ DurationSeconds: '899' }), 400, 'InvalidParameterValue'],
    [
      'a duration above a year',
      assumeRoleBody({ DurationSeconds: '31536001' }),
      400,
      'InvalidParameterValue',
    ],
    ['a wrong Version', assumeRoleBody({ Version: '2020-01-01' }), 400, 'MissingParameter'],
    [
      'a policy without Version',
      assumeRoleBody({ Policy: '{"Statement":[]}' }),
      400,
      'InvalidParameterValue',
    ],
    ['another Action', assumeRoleBody({ Action: 'GetCallerIdentity' }), 400, 'InvalidParameterValue'],
  ])('answers %s with an STS error', async (_name, body, status, code) => {
    const reply = await stsPost(engine, root, body);
    expect(reply.status).toBe(status);
    expect(reply.text).toContain(
      '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type></Type>',
    );
    expect(xmlField(reply.text, 'Code')).toBe(code);
  });

  it('refuses a bad signature and a request carrying a security token', async () => {
    const bad = await stsPost(
      engine,
      { accessKey: root.accessKey, secretKey: 'wrong-secret' },
      assumeRoleBody({}),
    );
    expect(bad.status).toBe(403);
    expect(xmlField(bad.text, 'Code')).toBe('AccessDenied');
    const withToken = await stsPost(engine, { ...root, sessionToken: 'anything' }, assumeRoleBody({}));
    expect(withToken.status).toBe(403);
    expect(xmlField(withToken.text, 'Code')).toBe('AccessDenied');
  });

  it('answers the identity-provider variants as not configured', async () => {
    const web = await send(
      `${engine.url}/?Action=AssumeRoleWithWebIdentity&Version=2011-06-15&WebIdentityToken=abc`,
      'POST',
      {},
    );
    expect(web.status).toBe(400);
    expect(xmlField(web.text, 'Code')).toBe('InvalidParameterValue');
    const ldap = await send(
      engine.url,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'Action=AssumeRoleWithLDAPIdentity&Version=2011-06-15',
    );
    expect(ldap.status).toBe(400);
    expect(xmlField(ldap.text, 'Code')).toBe('MissingParameter');
  });

  it('keeps temporary credentials across a restart on the same drives', async () => {
    const reply = await stsPost(engine, root, assumeRoleBody({}));
    const temp: Keys = {
      accessKey: xmlField(reply.text, 'AccessKeyId') ?? '',
      secretKey: xmlField(reply.text, 'SecretAccessKey') ?? '',
      sessionToken: xmlField(reply.text, 'SessionToken') ?? '',
    };
    await engine.close();
    engine = await start();
    const after = await signedSend(engine, temp, { path: '/' });
    expect(after.status).toBe(200);
  });
});

describe('admin API', () => {
  const admin = (path: string, keys: Keys = root, method = 'GET') =>
    signedSend(engine, keys, { method, path: `/minio/admin/v3${path}`, region: '' });

  it('info: madmin InfoMessage', async () => {
    const reply = await admin('/info?metrics=true');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    const info = JSON.parse(reply.text) as Record<string, unknown>;
    expect(info).toMatchObject({
      mode: 'online',
      region: 'us-east-1',
      deploymentID: engine.deploymentId,
      sqsARN: [],
      backend: {
        backendType: 'Erasure',
        onlineDisks: 4,
        offlineDisks: 0,
        standardSCParity: 2,
        totalSets: [1],
        totalDrivesPerSet: [4],
      },
    });
    const [server] = info.servers as {
      endpoint: string;
      state: string;
      drives: { path: string; state: string; uuid: string }[];
    }[];
    expect(server?.endpoint).toBe(`127.0.0.1:${engine.address.port}`);
    expect(server?.drives.map((d) => d.path)).toEqual(drives);
    expect(server?.drives.every((d) => d.state === 'ok' && d.uuid !== '')).toBe(true);
  });

  it('storageinfo, datausageinfo and accountinfo', async () => {
    const storage = JSON.parse((await admin('/storageinfo')).text) as {
      Disks: unknown[];
      Backend: { Type: number; StandardSCParity: number };
    };
    expect(storage.Disks).toHaveLength(4);
    expect(storage.Backend).toMatchObject({ Type: 2, StandardSCParity: 2 });

    const put = await signedSend(engine, root, {
      method: 'PUT',
      path: '/sts-bucket/hello.txt',
      body: 'hello, usage',
    });
    expect(put.status).toBe(200);
    await engine.scanUsage();
    const usage = JSON.parse((await admin('/datausageinfo?capacity=true')).text) as {
      lastUpdate: string;
      bucketsUsageInfo: Record<string, { objectsCount: number; size: number }>;
      bucketsSizes: Record<string, number>;
    };
    expect(Date.parse(usage.lastUpdate)).toBeGreaterThan(Date.now() - 60_000);
    expect(usage.bucketsUsageInfo['sts-bucket']).toMatchObject({ objectsCount: 1, size: 12 });
    expect(usage.bucketsSizes['sts-bucket']).toBe(12);

    const account = JSON.parse((await admin('/accountinfo')).text) as {
      AccountName: string;
      Buckets: { name: string; access: unknown }[];
    };
    expect(account.AccountName).toBe(root.accessKey);
    expect(account.Buckets.find((b) => b.name === 'sts-bucket')).toMatchObject({
      access: { read: true, write: true },
    });
  });

  it('works with root temporary credentials', async () => {
    const reply = await stsPost(engine, root, assumeRoleBody({}));
    const temp: Keys = {
      accessKey: xmlField(reply.text, 'AccessKeyId') ?? '',
      secretKey: xmlField(reply.text, 'SecretAccessKey') ?? '',
      sessionToken: xmlField(reply.text, 'SessionToken') ?? '',
    };
    const account = await admin('/accountinfo', temp);
    expect(account.status).toBe(200);
    expect((JSON.parse(account.text) as { AccountName: string }).AccountName).toBe(root.accessKey);
  });

  it('answers unknown paths with 426 XMinioAdminVersionMismatch as JSON', async () => {
    for (const [path, method] of [
      ['/no-such-call', 'GET'],
      ['/info', 'DELETE'],
    ] as const) {
      const reply = await admin(path, root, method);
      expect(reply.status).toBe(426);
      expect(reply.headers['content-type']).toBe('application/json');
      expect(JSON.parse(reply.text)).toMatchObject({ Code: 'XMinioAdminVersionMismatch' });
    }
  });
});

describe('Prometheus metrics', () => {
  const token = (claims: Record<string, unknown>, secret = root.secretKey) =>
    signJwt(claims, secret, 'HS512');
  const scrape = (path: string, bearer?: string) =>
    send(`${engine.url}${path}`, 'GET', bearer === undefined ? {} : { authorization: `Bearer ${bearer}` });

  it('serves cluster metrics to a valid bearer JWT', async () => {
    const jwt = token({ exp: Math.floor(Date.now() / 1000) + 600, sub: root.accessKey, iss: 'prometheus' });
    const reply = await scrape('/minio/v2/metrics/cluster', jwt);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(reply.text).toContain('minio_cluster_drive_online_total 4\n');
    expect(reply.text).toContain('minio_cluster_drive_offline_total 0\n');
    expect(reply.text).toMatch(/minio_node_drive_total_bytes\{drive="[^"]+drive1",server="[^"]+"\} \d+/);
    expect(reply.text).toMatch(/minio_cluster_capacity_raw_total_bytes \d+/);
    expect(reply.text).toMatch(/minio_cluster_usage_object_total [1-9]/);
    expect(reply.text).toContain('minio_bucket_usage_object_total{bucket="sts-bucket"} 1\n');
    expect(reply.text).toContain('minio_bucket_usage_total_bytes{bucket="sts-bucket"} 12\n');
    for (const path of [
      '/minio/v2/metrics/node',
      '/minio/v2/metrics/bucket',
      '/minio/v2/metrics/resource',
      '/minio/prometheus/metrics',
    ]) {
      expect((await scrape(path, jwt)).status).toBe(200);
    }
  });

  it('counts S3 requests once the router records them', async () => {
    const jwt = token({ exp: Math.floor(Date.now() / 1000) + 600, sub: root.accessKey, iss: 'prometheus' });
    await signedSend(engine, root, { path: '/' });
    await signedSend(engine, root, { path: '/no-such-bucket-here/' });
    const text = (await scrape('/minio/v2/metrics/cluster', jwt)).text;
    expect(text).toMatch(/minio_s3_requests_total\{api="listbuckets",server="[^"]+"\} [1-9]/);
    expect(text).toMatch(/minio_s3_requests_4xx_errors_total\{api="[a-z0-9]+",server="[^"]+"\} [1-9]/);
    expect(text).toMatch(/minio_s3_traffic_sent_bytes\{server="[^"]+"\} [1-9]/);
    // Time to first byte: every listbuckets reply sent its headers, so +Inf counts them all.
    const total = /minio_s3_requests_total\{api="listbuckets",server="[^"]+"\} (\d+)/.exec(text)?.[1];
    expect(text).toContain(
      `minio_s3_requests_ttfb_seconds_distribution{api="listbuckets",server="${engine.url.replace('http://', '')}",le="+Inf"} ${total}`,
    );
  });

  it('serves the process, descriptor and object-size figures the dashboard shows', async () => {
    const jwt = token({ exp: Math.floor(Date.now() / 1000) + 600, sub: root.accessKey, iss: 'prometheus' });
    let text = (await scrape('/minio/v2/metrics/node', jwt)).text;
    expect(text).toMatch(/minio_node_process_cpu_total_seconds\{server="[^"]+"\} \d+(\.\d+)?\n/);
    expect(text).toMatch(/minio_node_process_resident_memory_bytes\{server="[^"]+"\} [1-9]\d*\n/);
    expect(text).toMatch(/minio_node_file_descriptor_open_total\{server="[^"]+"\} [1-9]\d*\n/);
    expect(text).toMatch(/minio_node_file_descriptor_limit_total\{server="[^"]+"\} [1-9]\d*\n/);
    // A write goes through each drive's metadata commit and data rename.
    const put = await signedSend(engine, root, {
      method: 'PUT',
      path: '/sts-bucket/latency.txt',
      body: 'x'.repeat(200_000),
    });
    expect(put.status).toBe(200);
    text = (await scrape('/minio/v2/metrics/node', jwt)).text;
    for (const api of ['storage.WriteMetadata', 'storage.RenameData'])
      expect(text).toMatch(
        new RegExp(
          `minio_node_drive_latency_us\\{api="${api}",drive="[^"]+drive1",server="[^"]+"\\} \\d+\\n`,
        ),
      );
    const buckets = (await scrape('/minio/v2/metrics/bucket', jwt)).text;
    // The 12-byte object of sts-bucket is in MinIO's smallest size range.
    expect(buckets).toContain(
      'minio_bucket_objects_size_distribution{bucket="sts-bucket",range="LESS_THAN_1024_B"} 1\n',
    );
  });

  it('refuses scrapes without or with a bad token (403 AccessDenied JSON)', async () => {
    for (const bearer of [
      undefined,
      token({ exp: Math.floor(Date.now() / 1000) + 600, sub: root.accessKey, iss: 'someone' }),
      token(
        { exp: Math.floor(Date.now() / 1000) + 600, sub: root.accessKey, iss: 'prometheus' },
        'not-the-secret',
      ),
      token({ exp: Math.floor(Date.now() / 1000) - 1, sub: root.accessKey, iss: 'prometheus' }),
    ]) {
      const reply = await scrape('/minio/v2/metrics/cluster', bearer);
      expect(reply.status).toBe(403);
      expect(JSON.parse(reply.text)).toMatchObject({ Code: 'AccessDenied' });
    }
  });
});
