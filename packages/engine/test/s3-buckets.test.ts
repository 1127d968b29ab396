/**
 * Bucket-level S3 operations and listings through the real HTTP stack: an EngineContext assembled
 * directly (object layer over four temp drives, one root credential), `createHttpServer` on a
 * random port, driven by minio-js and the AWS SDK v3 — path-style and virtual-host-style.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'minio';
import {
  CreateBucketCommand,
  DeleteBucketLifecycleCommand,
  DeleteObjectCommand,
  GetBucketAclCommand,
  GetBucketCorsCommand,
  GetBucketEncryptionCommand,
  GetBucketLifecycleConfigurationCommand,
  GetBucketLocationCommand,
  GetBucketNotificationConfigurationCommand,
  GetBucketPolicyCommand,
  GetBucketReplicationCommand,
  GetBucketTaggingCommand,
  GetBucketVersioningCommand,
  GetObjectLockConfigurationCommand,
  HeadBucketCommand,
  ListBucketsCommand,
  ListObjectVersionsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutBucketLifecycleConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { s3Failure } from './helpers/s3-failure.js';

const ACCESS_KEY = 'COFFERTESTROOTKEY001';
const SECRET_KEY = 'coffer-test-root-secret-key-0123456789ab';
const DOMAIN = 'objects.example.test';

let engine: HttpEngine | undefined;
let port: number;
let s3: S3Client;
let minio: Client;

function sdkClient(options: { secret?: string; accessKey?: string; vhost?: boolean } = {}): S3Client {
  // Virtual-host style needs <bucket>.objects.example.test to reach 127.0.0.1: resolve it ourselves.
  const agent = new http.Agent({
    keepAlive: true,
    lookup: (_host, opts, cb) => {
      if ((opts as { all?: boolean }).all) {
        (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: '127.0.0.1', family: 4 },
        ]);
      } else {
        cb(null, '127.0.0.1', 4);
      }
    },
  });
  return new S3Client({
    endpoint: options.vhost ? `http://${DOMAIN}:${port}` : `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: !options.vhost,
    credentials: {
      accessKeyId: options.accessKey ?? ACCESS_KEY,
      secretAccessKey: options.secret ?? SECRET_KEY,
    },
    requestHandler: { httpAgent: agent },
  });
}

async function put(bucket: string, key: string, body = 'x'): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

beforeAll(async () => {
  engine = await startHttpEngine({
    name: 's3-buckets',
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    domains: [DOMAIN],
  });
  ({ port } = engine);
  s3 = sdkClient();
  minio = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    pathStyle: true,
    region: 'us-east-1',
  });
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

describe('health and common headers', () => {
  it('answers the health probes without authentication, with MinIO common headers', async () => {
    for (const p of ['/minio/health/live', '/minio/health/ready', '/minio/health/cluster']) {
      const res = await fetch(`http://127.0.0.1:${port}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('server')).toBe('MinIO');
      expect(res.headers.get('x-amz-request-id')).toMatch(/^[0-9A-F]{16,}$/);
      expect(res.headers.get('x-amz-id-2')).toMatch(/^[0-9a-f]{64}$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('refuses anonymous S3 requests with AccessDenied XML', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain('<Resource>/</Resource>');
  });

  it('answers CORS preflights and echoes the origin on replies', async () => {
    const pre = await fetch(`http://127.0.0.1:${port}/alpha/key`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://console.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type,x-amz-date',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://console.example');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type,x-amz-date');
    const denied = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { origin: 'http://console.example' },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://console.example');
    expect(denied.headers.get('access-control-expose-headers')).toContain('ETag');
  });

  it('answers unknown admin versions with 426 JSON', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/minio/admin/v4/info`);
    expect(res.status).toBe(426);
    const body = (await res.json()) as { Code: string };
    expect(body.Code).toBe('XMinioAdminVersionMismatch');
  });
});

describe('buckets', () => {
  it('creates, lists, heads and removes buckets (minio-js)', async () => {
    await minio.makeBucket('alpha', 'us-east-1');
    await minio.makeBucket('beta');
    expect(await minio.bucketExists('alpha')).toBe(true);
    expect(await minio.bucketExists('nope-missing')).toBe(false);
    const names = (await minio.listBuckets()).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['alpha', 'beta']));
    await minio.removeBucket('beta');
    expect(await minio.bucketExists('beta')).toBe(false);
  });

  it('reports S3 error codes for bucket operations (AWS SDK)', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'gamma' }));
    expect(await s3Failure(s3.send(new CreateBucketCommand({ Bucket: 'gamma' })))).toMatchObject({
      code: 'BucketAlreadyOwnedByYou',
      status: 409,
    });
    expect((await s3Failure(s3.send(new CreateBucketCommand({ Bucket: 'Bad_Name' })))).code).toBe(
      'InvalidBucketName',
    );
    expect(
      (
        await s3Failure(
          s3.send(
            new CreateBucketCommand({
              Bucket: 'delta',
              CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' },
            }),
          ),
        )
      ).code,
    ).toBe('InvalidRegion');
    expect(await s3Failure(s3.send(new HeadBucketCommand({ Bucket: 'missing-bucket' })))).toMatchObject({
      status: 404,
    });
    expect((await s3Failure(s3.send(new ListObjectsV2Command({ Bucket: 'missing-bucket' })))).code).toBe(
      'NoSuchBucket',
    );
    await put('gamma', 'one');
    const err = await minio.removeBucket('gamma').catch((e: { code?: string }) => e);
    expect((err as { code?: string }).code).toBe('BucketNotEmpty');
    const listed = await s3.send(new ListBucketsCommand({}));
    expect(listed.Owner?.ID).toBe('02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4');
    expect(listed.Buckets?.find((b) => b.Name === 'gamma')?.CreationDate).toBeInstanceOf(Date);
  });

  it('force-deletes a non-empty bucket with x-minio-force-delete', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'forced' }));
    await put('forced', 'a/b');
    const client = sdkClient();
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string> };
        request.headers['x-minio-force-delete'] = 'true';
        return next(args);
      },
      { step: 'build', name: 'forceDelete' },
    );
    const { DeleteBucketCommand } = await import('@aws-sdk/client-s3');
    await client.send(new DeleteBucketCommand({ Bucket: 'forced' }));
    client.destroy();
    expect(await minio.bucketExists('forced')).toBe(false);
  });

  it('answers location, ACL and the unset configuration sub-resources', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'configs' }));
    expect((await s3.send(new GetBucketLocationCommand({ Bucket: 'configs' }))).LocationConstraint).toBe(
      'us-east-1',
    );
    const acl = await s3.send(new GetBucketAclCommand({ Bucket: 'configs' }));
    expect(acl.Grants?.[0]?.Permission).toBe('FULL_CONTROL');
    expect(acl.Grants?.[0]?.Grantee?.Type).toBe('CanonicalUser');
    const cases: [Promise<unknown>, string][] = [
      [s3.send(new GetBucketPolicyCommand({ Bucket: 'configs' })), 'NoSuchBucketPolicy'],
      [s3.send(new GetBucketCorsCommand({ Bucket: 'configs' })), 'NoSuchCORSConfiguration'],
      [s3.send(new GetBucketTaggingCommand({ Bucket: 'configs' })), 'NoSuchTagSet'],
      [
        s3.send(new GetBucketEncryptionCommand({ Bucket: 'configs' })),
        'ServerSideEncryptionConfigurationNotFoundError',
      ],
      [
        s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'configs' })),
        'ObjectLockConfigurationNotFoundError',
      ],
      [
        s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: 'configs' })),
        'NoSuchLifecycleConfiguration',
      ],
      [
        s3.send(new GetBucketReplicationCommand({ Bucket: 'configs' })),
        'ReplicationConfigurationNotFoundError',
      ],
    ];
    for (const [p, code] of cases) expect((await s3Failure(p)).code).toBe(code);
    const notification = await s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'configs' }));
    expect(notification.QueueConfigurations ?? []).toEqual([]);
  });
});

describe('versioning', () => {
  it('starts unconfigured, then Enabled and Suspended', async () => {
    await minio.makeBucket('ver');
    // An empty <VersioningConfiguration/> (as MinIO sends): minio-js has no Status to report.
    expect((await minio.getBucketVersioning('ver')).Status).toBeUndefined();
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: 'ver' }))).Status).toBeUndefined();
    await minio.setBucketVersioning('ver', { Status: 'Enabled' });
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: 'ver' }))).Status).toBe('Enabled');
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'ver', VersioningConfiguration: { Status: 'Suspended' } }),
    );
    expect((await minio.getBucketVersioning('ver')).Status).toBe('Suspended');
  });

  it('refuses to suspend versioning on an object-lock bucket', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: 'locked' }))).Status).toBe('Enabled');
    const lock = await s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'locked' }));
    expect(lock.ObjectLockConfiguration?.ObjectLockEnabled).toBe('Enabled');
    expect(
      await s3Failure(
        s3.send(
          new PutBucketVersioningCommand({
            Bucket: 'locked',
            VersioningConfiguration: { Status: 'Suspended' },
          }),
        ),
      ),
    ).toMatchObject({ code: 'InvalidBucketState', status: 409 });
  });
});

describe('bucket configuration through the bucket metadata service', () => {
  const LIFECYCLE =
    '<LifecycleConfiguration><Rule><ID>old</ID><Status>Enabled</Status><Filter><Prefix>tmp/</Prefix></Filter>' +
    '<Expiration><Days>3</Days></Expiration></Rule></LifecycleConfiguration>';

  it('persists S3 changes through the service, with one change event each', async () => {
    const service = engine!.context.bucketMetadata;
    const changes: unknown[] = [];
    const stop = service.onChange((change) => changes.push(change));
    try {
      await s3.send(new CreateBucketCommand({ Bucket: 'svc' }));
      await s3.send(
        new PutBucketVersioningCommand({ Bucket: 'svc', VersioningConfiguration: { Status: 'Enabled' } }),
      );
      expect(await service.get('svc', 'versioning')).toEqual({
        status: 'Enabled',
        excludedPrefixes: [],
        excludeFolders: false,
      });

      // A lifecycle set with no request (as a later PutBucketLifecycle or a replica would) is
      // answered by GET ?lifecycle and removed by DELETE ?lifecycle.
      await service.put('svc', 'lifecycle', LIFECYCLE);
      const got = await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: 'svc' }));
      expect(got.Rules?.map((r) => [r.ID, r.Status, r.Expiration?.Days])).toEqual([['old', 'Enabled', 3]]);
      await s3.send(new DeleteBucketLifecycleCommand({ Bucket: 'svc' }));
      expect(await service.get('svc', 'lifecycle')).toBeUndefined();
      expect(changes).toEqual([
        { bucket: 'svc', kind: 'versioning', set: true },
        { bucket: 'svc', kind: 'lifecycle', set: true },
        { bucket: 'svc', kind: 'lifecycle', set: false },
      ]);
    } finally {
      stop();
    }
  });

  it('takes PutBucketLifecycleConfiguration from the AWS SDK (its checksum header stands for Content-MD5)', async () => {
    await s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: 'svc',
        LifecycleConfiguration: {
          Rules: [{ ID: 'x', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } }],
        },
      }),
    );
    const got = await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: 'svc' }));
    expect(got.Rules?.map((r) => [r.ID, r.Expiration?.Days])).toEqual([['x', 1]]);
    expect(
      await s3Failure(
        s3.send(
          new PutBucketLifecycleConfigurationCommand({
            Bucket: 'svc',
            LifecycleConfiguration: {
              Rules: [
                {
                  ID: 'y',
                  Status: 'Enabled',
                  Filter: { Prefix: '' },
                  Transitions: [{ Days: 1, StorageClass: 'GLACIER' }],
                },
              ],
            },
          }),
        ),
      ),
    ).toMatchObject({ code: 'InvalidStorageClass', status: 400 });
  });
});

describe('listing objects', () => {
  const KEYS = ['a b', 'a+b', "it's", 'dir/x', 'dir/y', 'dir/sub/z', 'zz/ü€', 'top'];

  beforeAll(async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'listing' }));
    for (const key of KEYS) await put('listing', key);
  });

  it('lists everything in key order with V2 and KeyCount', async () => {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: 'listing' }));
    expect(out.Contents?.map((c) => c.Key)).toEqual(
      [...KEYS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );
    expect(out.KeyCount).toBe(KEYS.length);
    expect(out.IsTruncated).toBe(false);
    expect(out.Contents?.[0]?.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(out.Contents?.[0]?.Owner).toBeUndefined();
    const withOwner = await s3.send(
      new ListObjectsV2Command({ Bucket: 'listing', FetchOwner: true, MaxKeys: 1 }),
    );
    expect(withOwner.Contents?.[0]?.Owner?.DisplayName).toBe('minio');
  });

  it('groups by delimiter and pages with continuation tokens (common prefixes count as keys)', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page: ListObjectsV2CommandOutput = await s3.send(
        new ListObjectsV2Command({ Bucket: 'listing', Delimiter: '/', MaxKeys: 2, ContinuationToken: token }),
      );
      pages++;
      seen.push(
        ...(page.CommonPrefixes ?? []).map((p) => `P:${p.Prefix}`),
        ...(page.Contents ?? []).map((c) => c.Key ?? ''),
      );
      expect(page.KeyCount).toBeLessThanOrEqual(2);
      token = page.NextContinuationToken;
      if (page.IsTruncated) expect(token).toBeDefined();
    } while (token !== undefined);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(['P:dir/', 'P:zz/', 'a b', 'a+b', "it's", 'top'].sort());
  });

  it('filters by prefix and starts after a key', async () => {
    const dir = await s3.send(
      new ListObjectsV2Command({ Bucket: 'listing', Prefix: 'dir/', Delimiter: '/' }),
    );
    expect(dir.Contents?.map((c) => c.Key)).toEqual(['dir/x', 'dir/y']);
    expect(dir.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['dir/sub/']);
    const after = await s3.send(new ListObjectsV2Command({ Bucket: 'listing', StartAfter: 'dir/y' }));
    expect(after.Contents?.map((c) => c.Key)).toEqual(["it's", 'top', 'zz/ü€']);
    expect(after.StartAfter).toBe('dir/y');
  });

  it('URL-encodes names with encoding-type=url', async () => {
    const out = await s3.send(
      new ListObjectsV2Command({ Bucket: 'listing', EncodingType: 'url', Prefix: 'a' }),
    );
    // The SDK hands back the encoded form; a+b must not turn into "a b" when decoded.
    const keys = out.Contents?.map((c) => c.Key ?? '') ?? [];
    expect(keys).toEqual(['a%20b', 'a%2Bb']);
    expect(keys.map((k) => decodeURIComponent(k))).toEqual(['a b', 'a+b']);
    const zz = await s3.send(
      new ListObjectsV2Command({ Bucket: 'listing', EncodingType: 'url', Prefix: 'zz/' }),
    );
    expect(zz.Contents?.map((c) => c.Key)).toEqual(['zz/%C3%BC%E2%82%AC']);
    expect(zz.Prefix).toBe('zz/');
  });

  it('pages V1 listings with Marker / NextMarker', async () => {
    const first = await s3.send(new ListObjectsCommand({ Bucket: 'listing', MaxKeys: 3 }));
    expect(first.IsTruncated).toBe(true);
    expect(first.Contents).toHaveLength(3);
    expect(first.Contents?.[0]?.Owner?.ID).toBe(
      '02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4',
    );
    const rest = await s3.send(new ListObjectsCommand({ Bucket: 'listing', Marker: first.NextMarker }));
    expect(rest.IsTruncated).toBe(false);
    expect((first.Contents?.length ?? 0) + (rest.Contents?.length ?? 0)).toBe(KEYS.length);
  });

  it('lists through minio-js (V2 stream, recursive and not)', async () => {
    const collect = (recursive: boolean): Promise<string[]> =>
      new Promise((resolve, reject) => {
        const names: string[] = [];
        const stream = minio.listObjectsV2('listing', '', recursive);
        stream.on('data', (o: { name?: string; prefix?: string }) => names.push(o.name ?? `P:${o.prefix}`));
        stream.on('error', reject);
        stream.on('end', () => resolve(names));
      });
    expect((await collect(true)).sort()).toEqual([...KEYS].sort());
    expect(await collect(false)).toEqual(expect.arrayContaining(['P:dir/', 'P:zz/', 'top']));
  });

  it('lists with virtual-host-style addressing', async () => {
    const vhost = sdkClient({ vhost: true });
    const out = await vhost.send(new ListObjectsV2Command({ Bucket: 'listing', Prefix: 'dir/' }));
    expect(out.Name).toBe('listing');
    expect(out.Contents?.map((c) => c.Key)).toEqual(['dir/sub/z', 'dir/x', 'dir/y']);
    vhost.destroy();
  });
});

describe('listing versions', () => {
  it('interleaves versions and delete markers newest first, with null versions', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'history' }));
    await put('history', 'k', 'v0'); // before versioning: the null version
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'history', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await put('history', 'k', 'v1');
    await s3.send(new DeleteObjectCommand({ Bucket: 'history', Key: 'k' }));
    await put('history', 'other', 'o');

    const out = await s3.send(new ListObjectVersionsCommand({ Bucket: 'history' }));
    const markers = out.DeleteMarkers ?? [];
    const versions = out.Versions ?? [];
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ Key: 'k', IsLatest: true });
    expect(versions.filter((v) => v.Key === 'k').map((v) => v.IsLatest)).toEqual([false, false]);
    expect(versions.filter((v) => v.Key === 'k').at(-1)?.VersionId).toBe('null');
    expect(versions.find((v) => v.Key === 'other')?.IsLatest).toBe(true);

    // Raw order: marker, then the two versions of k (newest first), then other.
    const paged: string[] = [];
    let keyMarker: string | undefined;
    let versionMarker: string | undefined;
    for (;;) {
      const page = await s3.send(
        new ListObjectVersionsCommand({
          Bucket: 'history',
          MaxKeys: 1,
          KeyMarker: keyMarker,
          VersionIdMarker: versionMarker,
        }),
      );
      for (const m of page.DeleteMarkers ?? []) paged.push(`DM:${m.Key}`);
      for (const v of page.Versions ?? []) paged.push(`V:${v.Key}:${v.VersionId === 'null' ? 'null' : 'id'}`);
      if (!page.IsTruncated) break;
      keyMarker = page.NextKeyMarker;
      versionMarker = page.NextVersionIdMarker;
    }
    expect(paged).toEqual(['DM:k', 'V:k:id', 'V:k:null', 'V:other:id']);
  });
});

describe('authentication failures', () => {
  it('answers a wrong secret with SignatureDoesNotMatch and an unknown key with InvalidAccessKeyId', async () => {
    const wrongSecret = sdkClient({ secret: 'not-the-secret-at-all-0123456789' });
    expect(await s3Failure(wrongSecret.send(new ListBucketsCommand({})))).toMatchObject({
      code: 'SignatureDoesNotMatch',
      status: 403,
    });
    wrongSecret.destroy();
    const unknown = sdkClient({ accessKey: 'NOSUCHACCESSKEY00000' });
    expect(await s3Failure(unknown.send(new ListBucketsCommand({})))).toMatchObject({
      code: 'InvalidAccessKeyId',
      status: 403,
    });
    unknown.destroy();
  });
});
