/**
 * The built-in KMS and bucket default encryption, end to end: an engine started in-process with
 * `createEngine` (4 temp drives, port 0, no KMS variable: the master key is generated into the
 * data dir), driven over HTTP.
 *
 * - The KMS API (`/minio/kms/v1/…`) and the admin API's KMS calls (`/minio/admin/v3/kms/…`), signed
 *   as madmin signs them (`helpers/admin-calls.ts`), and through madmin-go 2.0.7 itself; their
 *   authorisation (root, a `consoleAdmin` user, a `readwrite` user refused); named keys survive
 *   a restart on the same data dir.
 * - PutBucketEncryption / Get / Delete through the AWS SDK v3, awscli and minio-js: SSE-S3, SSE-KMS
 *   with a named key, an unknown key refused with `KMS.NotFoundException`.
 * - An engine without a KMS answers 501 NotImplemented to both.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteBucketEncryptionCommand,
  GetBucketEncryptionCommand,
  PutBucketEncryptionCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import { assembleEngineContext } from '../src/engine-context.js';
import { createHttpServer } from '../src/http/server.js';
import { createObjectLayerIamStore } from '../src/iam/iam-store.js';
import { IamSystem } from '../src/iam/iam-system.js';
import { KMS_KEY_FILE_NAME, unconfiguredKms } from '../src/kms/index.js';
import { openObjectLayer } from '../src/object-layer/index.js';
import { adminCall, createUser, type Keys } from './helpers/admin-calls.js';
import { awsEnv, findAwsClis, run } from './helpers/clients.js';
import { buildMadminProbe, probeSteps, runMadminProbe } from './helpers/madmin-probe.js';
import { s3Failure } from './helpers/s3-failure.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { signedRequest } from './helpers/signed-request.js';
import { sdkClient } from './helpers/sdk-client.js';

const root = { accessKey: 'kmsroot', secretKey: 'kms-root-secret-123456' };
const KMS = '/minio/kms/v1';

let dir: string;
let drives: string[];
let engine: Engine;
let s3: S3Client;

async function start(): Promise<Engine> {
  return createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
  });
}

function s3Client(e: Engine): S3Client {
  return sdkClient(e.url, root);
}

/** A KMS API call (`/minio/kms/v1/<op>`), signed as madmin signs it (empty region). */
function kmsCall(method: string, op: string, query: Record<string, string> = {}, keys: Keys = root) {
  return adminCall(engine, keys, method, op, { query, prefix: KMS, region: '' });
}

function encryptionXml(algorithm: string, keyId?: string): string {
  const key = keyId === undefined ? '' : `<KMSMasterKeyID>${keyId}</KMSMasterKeyID>`;
  return (
    '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault>' +
    `<SSEAlgorithm>${algorithm}</SSEAlgorithm>${key}` +
    '</ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>'
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-kms-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await start();
  s3 = s3Client(engine);
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the KMS API', () => {
  it('reports the generated default key, kept in the data dir with mode 0600', async () => {
    const kms = engine.context.kms;
    expect(kms.configured).toBe(true);
    expect((await stat(join(dir, KMS_KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
    const status = await kmsCall('GET', 'status');
    expect(status.status).toBe(200);
    expect(status.json).toEqual({
      name: 'Builtin',
      'default-key-id': kms.defaultKeyId,
      endpoints: { [new URL(engine.url).host]: 'online' },
      state: {},
    });
    // The admin API's own status call is a POST (MinIO's route).
    const admin = await adminCall(engine, root, 'POST', 'kms/status', { region: '' });
    expect(admin.status).toBe(200);
    expect(admin.json).toEqual(status.json);
  });

  it('creates a named key once, lists it by pattern and tests it', async () => {
    expect((await kmsCall('POST', 'key/create', { 'key-id': 'app-key' })).status).toBe(200);
    const again = await kmsCall('POST', 'key/create', { 'key-id': 'app-key' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ Code: 'kms:KeyAlreadyExists' });
    // The admin API's create call, and its refusals: no key-id, a name outside the key alphabet.
    expect(
      (
        await adminCall(engine, root, 'POST', 'kms/key/create', {
          query: { 'key-id': 'ops-key' },
          region: '',
        })
      ).status,
    ).toBe(200);
    const missing = await adminCall(engine, root, 'POST', 'kms/key/create', { region: '' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ Code: 'XMinioAdminInvalidArgument' });
    const bad = await kmsCall('POST', 'key/create', { 'key-id': '../etc' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ Code: 'InvalidArgument' });

    const list = await kmsCall('GET', 'key/list', { pattern: 'app*' });
    expect(list.status).toBe(200);
    const keys = list.json as { name: string; createdBy: string; createdAt: string }[];
    expect(keys.map((k) => [k.name, k.createdBy])).toEqual([['app-key', root.accessKey]]);
    expect(Date.now() - Date.parse(keys[0]?.createdAt ?? '')).toBeLessThan(600_000);
    const all = (await kmsCall('GET', 'key/list', { pattern: '*' })).json as { name: string }[];
    expect(all.map((k) => k.name).sort()).toEqual(
      ['app-key', engine.context.kms.defaultKeyId, 'ops-key'].sort(),
    );

    expect((await kmsCall('GET', 'key/status', { 'key-id': 'app-key' })).json).toEqual({
      'key-id': 'app-key',
    });
    // No key-id: the default key.
    expect((await adminCall(engine, root, 'GET', 'kms/key/status', { region: '' })).json).toEqual({
      'key-id': engine.context.kms.defaultKeyId,
    });
    // An unknown key is 200 with the failure in the body, as MinIO answers.
    const unknown = await kmsCall('GET', 'key/status', { 'key-id': 'nope' });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({
      'key-id': 'nope',
      'encryption-error': expect.stringContaining('nope'),
    });
  });

  it('authorises by kms: and admin: actions, and refuses unsigned calls and unknown paths', async () => {
    const admin = await createUser({ url: engine.url, ...root }, 'kms-admin', 'kms-admin-secret-1', [
      'consoleAdmin',
    ]);
    const writer = await createUser({ url: engine.url, ...root }, 'kms-writer', 'kms-writer-secret-1', [
      'readwrite',
    ]);
    expect((await kmsCall('POST', 'key/create', { 'key-id': 'by-admin' }, admin)).status).toBe(200);
    const listed = (await kmsCall('GET', 'key/list', { pattern: 'by-*' }, admin)).json as {
      createdBy: string;
    }[];
    expect(listed).toMatchObject([{ createdBy: 'kms-admin' }]);
    for (const [method, op] of [
      ['POST', 'key/create'],
      ['GET', 'key/list'],
      ['GET', 'status'],
    ] as const) {
      const refused = await kmsCall(method, op, { 'key-id': 'by-writer' }, writer);
      expect(refused.status, `${method} ${op}`).toBe(403);
      expect(refused.json).toMatchObject({ Code: 'AccessDenied' });
    }
    const anonymous = await fetch(`${engine.url}${KMS}/status`);
    expect(anonymous.status).toBe(403);
    const unknownPath = await kmsCall('GET', 'policy/list');
    expect(unknownPath.status).toBe(426);
    expect(unknownPath.json).toMatchObject({ Code: 'XMinioAdminVersionMismatch' });
  });
});

describe('PutBucketEncryption', () => {
  it('stores SSE-S3 and SSE-KMS defaults and refuses an unknown key (AWS SDK v3)', async () => {
    const bucket = 'enc-sdk';
    await engine.objectLayer.makeBucket(bucket);
    await s3.send(
      new PutBucketEncryptionCommand({
        Bucket: bucket,
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      }),
    );
    const sse = await s3.send(new GetBucketEncryptionCommand({ Bucket: bucket }));
    expect(sse.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'AES256',
    });
    expect(await engine.context.bucketMetadata.get(bucket, 'encryption')).toEqual({ algorithm: 'AES256' });

    await s3.send(
      new PutBucketEncryptionCommand({
        Bucket: bucket,
        ServerSideEncryptionConfiguration: {
          Rules: [
            { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'app-key' } },
          ],
        },
      }),
    );
    const kms = await s3.send(new GetBucketEncryptionCommand({ Bucket: bucket }));
    expect(kms.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'aws:kms',
      KMSMasterKeyID: 'app-key',
    });

    const unknown = await s3Failure(
      s3.send(
        new PutBucketEncryptionCommand({
          Bucket: bucket,
          ServerSideEncryptionConfiguration: {
            Rules: [
              {
                ApplyServerSideEncryptionByDefault: {
                  SSEAlgorithm: 'aws:kms',
                  KMSMasterKeyID: 'no-such-key',
                },
              },
            ],
          },
        }),
      ),
    );
    expect(unknown).toMatchObject({ code: 'KMS.NotFoundException', status: 400 });
    // The refused change left the stored one alone.
    expect(await engine.context.bucketMetadata.get(bucket, 'encryption')).toEqual({
      algorithm: 'aws:kms',
      kmsKeyId: 'app-key',
    });

    const noBucket = await s3Failure(
      s3.send(
        new PutBucketEncryptionCommand({
          Bucket: 'enc-missing',
          ServerSideEncryptionConfiguration: {
            Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
          },
        }),
      ),
    );
    expect(noBucket).toMatchObject({ code: 'NoSuchBucket', status: 404 });

    await s3.send(new DeleteBucketEncryptionCommand({ Bucket: bucket }));
    expect(await s3Failure(s3.send(new GetBucketEncryptionCommand({ Bucket: bucket })))).toMatchObject({
      code: 'ServerSideEncryptionConfigurationNotFoundError',
      status: 404,
      message: 'The server side encryption configuration was not found',
    });
  });

  it('refuses documents S3 refuses: two rules, an unknown algorithm, a key id with AES256', async () => {
    const bucket = 'enc-bad';
    await engine.objectLayer.makeBucket(bucket);
    const cases: [string, string][] = [
      [encryptionXml('AES256', 'app-key'), 'MalformedXML'],
      [encryptionXml('aws:kms').replace('</Rule>', '</Rule><Rule></Rule>'), 'MalformedXML'],
      [encryptionXml('DES'), 'NotImplemented'],
      ['not xml', 'MalformedXML'],
    ];
    for (const [body, code] of cases) {
      const res = await signedRequest(engine.url, root, {
        method: 'PUT',
        path: `/${bucket}?encryption`,
        body,
      });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.body, body).toContain(`<Code>${code}</Code>`);
    }
    expect(await engine.context.bucketMetadata.get(bucket, 'encryption')).toBeUndefined();
  });

  it('works from awscli (every installed flavour)', async () => {
    await requireSystemDeps(['awscli']);
    const clis = await findAwsClis();
    expect(clis.length).toBeGreaterThan(0);
    for (const cli of clis) {
      const bucket = `enc-cli-${clis.indexOf(cli)}`;
      await engine.objectLayer.makeBucket(bucket);
      const env = await awsEnv(join(dir, `aws-${clis.indexOf(cli)}`), { url: engine.url, ...root });
      const aws = (...args: string[]) =>
        run(cli.path, ['--endpoint-url', engine.url, 's3api', ...args, '--output', 'json'], {
          env,
          allowFailure: true,
        });
      const rule = (algorithm: string, key?: string) =>
        JSON.stringify({
          Rules: [
            {
              ApplyServerSideEncryptionByDefault: {
                SSEAlgorithm: algorithm,
                ...(key !== undefined ? { KMSMasterKeyID: key } : {}),
              },
            },
          ],
        });
      const put = await aws(
        'put-bucket-encryption',
        '--bucket',
        bucket,
        '--server-side-encryption-configuration',
        rule('aws:kms', 'ops-key'),
      );
      expect(put.code, `${cli.version}: ${put.stderr}`).toBe(0);
      const got = await aws('get-bucket-encryption', '--bucket', bucket);
      expect(got.code, got.stderr).toBe(0);
      expect(JSON.parse(got.stdout)).toMatchObject({
        ServerSideEncryptionConfiguration: {
          Rules: [
            { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'ops-key' } },
          ],
        },
      });
      const refused = await aws(
        'put-bucket-encryption',
        '--bucket',
        bucket,
        '--server-side-encryption-configuration',
        rule('aws:kms', 'missing-key'),
      );
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('KMS.NotFoundException');
      expect((await aws('delete-bucket-encryption', '--bucket', bucket)).code).toBe(0);
      const gone = await aws('get-bucket-encryption', '--bucket', bucket);
      expect(gone.stderr).toContain('ServerSideEncryptionConfigurationNotFoundError');
    }
  });

  it('works from minio-js (setBucketEncryption defaults to SSE-S3)', async () => {
    const { port } = engine.address;
    const mc = new Client({
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      accessKey: root.accessKey,
      secretKey: root.secretKey,
      region: 'us-east-1',
    });
    await mc.makeBucket('enc-minio-js');
    await mc.setBucketEncryption('enc-minio-js');
    // minio-js answers the parsed document (one rule: an object, not an array).
    expect(await mc.getBucketEncryption('enc-minio-js')).toEqual({
      ServerSideEncryptionConfiguration: {
        Rule: { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      },
    });
  });
});

describe('madmin-go 2.0.7', () => {
  it('reads the KMS status, creates, lists and tests keys', async () => {
    await requireSystemDeps(['go', 'madmin-go']);
    const probe = await buildMadminProbe();
    const result = await runMadminProbe(
      probe,
      'kms',
      { url: engine.url, ...root },
      { MADMIN_KMS_KEY: 'madmin-key' },
    );
    const steps = probeSteps(result.report);
    expect(result.code, result.stderr).toBe(0);
    expect(steps.KMSStatus).toMatchObject({
      ok: true,
      value: { name: 'Builtin', 'default-key-id': engine.context.kms.defaultKeyId },
    });
    expect(steps.CreateKey).toMatchObject({ ok: true });
    expect(steps.CreateKeyAgain).toMatchObject({ ok: false, code: 'kms:KeyAlreadyExists' });
    const names = (steps.ListKeys?.value as { name: string; createdBy: string }[]).map((k) => k.name);
    expect(names).toContain('madmin-key');
    expect(steps.GetKeyStatus).toEqual({ ok: true, value: { 'key-id': 'madmin-key' } });
    expect(steps.GetKeyStatusUnknown).toMatchObject({
      ok: true,
      value: { 'key-id': 'no-such-key-for-probe' },
    });
    expect((steps.GetKeyStatusUnknown?.value as Record<string, string>)['encryption-error']).toBeTruthy();
  });
});

describe('restart', () => {
  it('keeps the default key and the named keys, and a data key sealed before unseals after', async () => {
    const before = engine.context.kms;
    await engine.context.bucketMetadata.put('enc-sdk', 'encryption', encryptionXml('aws:kms', 'app-key'));
    const sealed = await before.generateDataKey('app-key', { bucket: 'b', object: 'o' });
    const defaultKey = before.defaultKeyId;
    s3.destroy();
    await engine.close();
    engine = await start();
    s3 = s3Client(engine);
    const after = engine.context.kms;
    expect(after.defaultKeyId).toBe(defaultKey);
    const back = await after.decryptDataKey('app-key', sealed.sealed, { bucket: 'b', object: 'o' });
    expect(back.equals(sealed.plaintext)).toBe(true);
    const names = ((await kmsCall('GET', 'key/list', { pattern: '*' })).json as { name: string }[]).map(
      (k) => k.name,
    );
    expect(names).toEqual(
      expect.arrayContaining(['app-key', 'ops-key', 'by-admin', 'madmin-key', defaultKey]),
    );
    // The bucket default stored before the restart is still there and names a key the KMS knows.
    const kept = await s3.send(new GetBucketEncryptionCommand({ Bucket: 'enc-sdk' }));
    expect(kept.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'aws:kms',
      KMSMasterKeyID: 'app-key',
    });
    expect(await after.keyExists('app-key')).toBe(true);
  });
});

describe('an engine without a KMS', () => {
  let server: Server;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const data = await mkdtemp(join(tmpdir(), 'coffer-nokms-'));
    const opened = await openObjectLayer({ drives: [1, 2, 3, 4].map((i) => join(data, `d${i}`)) });
    const iam = await IamSystem.load({
      root,
      store: createObjectLayerIamStore(opened.layer),
    });
    const context = assembleEngineContext({
      objectLayer: opened.layer,
      iam,
      deploymentId: opened.deploymentId,
      kms: unconfiguredKms(),
    });
    server = createHttpServer(context);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await opened.layer.makeBucket('plain');
    close = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      context.events.close();
      await opened.layer.close();
      await rm(data, { recursive: true, force: true });
    };
  });

  afterAll(async () => {
    await close?.();
  });

  it('answers 501 NotImplemented "KMS is not configured" to the KMS API and PutBucketEncryption', async () => {
    const status = await adminCall({ url }, root, 'GET', 'status', { prefix: KMS, region: '' });
    expect(status.status).toBe(501);
    expect(status.json).toMatchObject({
      Code: 'NotImplemented',
      Message: 'Server side encryption specified but KMS is not configured',
    });
    const client = sdkClient(url, root);
    try {
      const refused = await s3Failure(
        client.send(
          new PutBucketEncryptionCommand({
            Bucket: 'plain',
            ServerSideEncryptionConfiguration: {
              Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
            },
          }),
        ),
      );
      expect(refused).toMatchObject({ code: 'NotImplemented', status: 501 });
    } finally {
      client.destroy();
    }
  });
});
