/**
 * The smaller S3 surfaces of issue 14 §6 against one engine process: bucket tagging (AWS SDK v3
 * and minio-js), ownership controls (BucketOwnerEnforced, as MinIO behaves), a bucket's CORS
 * configuration answering browser preflights and actual requests by its rules (plain HTTP, as a
 * browser sends them), and MinIO's `x-minio-force-delete` through minio-js (prefix and bucket).
 */
import {
  CreateBucketCommand,
  DeleteBucketCorsCommand,
  DeleteBucketOwnershipControlsCommand,
  DeleteBucketTaggingCommand,
  GetBucketCorsCommand,
  GetBucketOwnershipControlsCommand,
  GetBucketTaggingCommand,
  PutBucketCorsCommand,
  PutBucketOwnershipControlsCommand,
  PutBucketTaggingCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { minioClient } from './helpers/minio-client.js';
import { s3Failure } from './helpers/s3-failure.js';
import { sdkClient } from './helpers/sdk-client.js';
import { signedRequest } from './helpers/signed-request.js';

let engine: EngineProcess;
let s3: S3Client;
let mc: Client;
const bucket = bucketName('surfaces');

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  s3 = sdkClient(engine.url, engine);
  mc = minioClient(engine);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  await engine?.destroy();
});

describe('bucket tagging', () => {
  it('puts, reads and removes a tag set (AWS SDK v3), with S3 limits', async () => {
    const TagSet = [
      { Key: 'team', Value: 'storage' },
      { Key: 'cost centre', Value: 'Zürich 7' },
    ];
    await s3.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet } }));
    expect((await s3.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet).toEqual(TagSet);
    const many = Array.from({ length: 51 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    const tooMany = await s3Failure(
      s3.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: many } })),
    );
    expect([tooMany.status, tooMany.code]).toEqual([400, 'InvalidTag']);
    // The refused set changed nothing.
    expect((await s3.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet).toEqual(TagSet);
    await s3.send(new DeleteBucketTaggingCommand({ Bucket: bucket }));
    const gone = await s3Failure(s3.send(new GetBucketTaggingCommand({ Bucket: bucket })));
    expect([gone.status, gone.code]).toEqual([404, 'NoSuchTagSet']);
    const missing = await s3Failure(
      s3.send(new PutBucketTaggingCommand({ Bucket: 'no-such-bucket-here', Tagging: { TagSet } })),
    );
    expect(missing.code).toBe('NoSuchBucket');
  });

  it('works through minio-js setBucketTagging / getBucketTagging / removeBucketTagging', async () => {
    await mc.setBucketTagging(bucket, { project: 'coffer', stage: 'test' });
    const tags = await mc.getBucketTagging(bucket);
    expect(tags.map((t) => [t.Key, t.Value]).sort()).toEqual([
      ['project', 'coffer'],
      ['stage', 'test'],
    ]);
    await mc.removeBucketTagging(bucket);
    expect((await s3Failure(s3.send(new GetBucketTaggingCommand({ Bucket: bucket })))).code).toBe(
      'NoSuchTagSet',
    );
  });
});

describe('ownership controls', () => {
  it('are BucketOwnerEnforced: read, accepted, other settings refused, delete changes nothing', async () => {
    const read = async () =>
      (await s3.send(new GetBucketOwnershipControlsCommand({ Bucket: bucket }))).OwnershipControls?.Rules;
    expect(await read()).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }]);
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: bucket,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      }),
    );
    for (const other of ['ObjectWriter', 'BucketOwnerPreferred'] as const) {
      const refused = await s3Failure(
        s3.send(
          new PutBucketOwnershipControlsCommand({
            Bucket: bucket,
            OwnershipControls: { Rules: [{ ObjectOwnership: other }] },
          }),
        ),
      );
      expect([refused.status, refused.code]).toEqual([400, 'InvalidArgument']);
    }
    await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: bucket }));
    expect(await read()).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }]);
    const missing = await s3Failure(
      s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'no-such-bucket-here' })),
    );
    expect(missing.code).toBe('NoSuchBucket');
  });
});

describe('bucket CORS', () => {
  const corsBucket = bucketName('cors');
  const preflight = (path: string, origin: string, method: string, headers?: string) =>
    fetch(`${engine.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': method,
        ...(headers !== undefined ? { 'Access-Control-Request-Headers': headers } : {}),
      },
    });

  beforeAll(async () => {
    await s3.send(new CreateBucketCommand({ Bucket: corsBucket }));
    await s3.send(new PutObjectCommand({ Bucket: corsBucket, Key: 'page.html', Body: '<p>hi</p>' }));
  });

  it('without a configuration keeps MinIO’s default: every origin may call', async () => {
    const res = await preflight(`/${corsBucket}/page.html`, 'https://anywhere.example', 'PUT');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
  });

  it('answers preflights and actual requests by the stored rules', async () => {
    const CORSRules = [
      {
        AllowedOrigins: ['https://app.example.com'],
        AllowedMethods: ['GET', 'PUT'],
        AllowedHeaders: ['x-amz-*', 'Content-Type'],
        ExposeHeaders: ['ETag', 'x-amz-version-id'],
        MaxAgeSeconds: 600,
      },
      { AllowedOrigins: ['https://*.partner.example'], AllowedMethods: ['GET', 'HEAD'] },
      { AllowedOrigins: ['*'], AllowedMethods: ['HEAD'] },
    ];
    await s3.send(new PutBucketCorsCommand({ Bucket: corsBucket, CORSConfiguration: { CORSRules } }));
    const stored = await s3.send(new GetBucketCorsCommand({ Bucket: corsBucket }));
    expect(stored.CORSRules?.[0]?.AllowedOrigins).toEqual(['https://app.example.com']);
    expect(stored.CORSRules).toHaveLength(3);

    // First rule: origin, method and every requested header (wildcard, any case) allowed.
    const ok = await preflight(
      `/${corsBucket}/page.html`,
      'https://app.example.com',
      'PUT',
      'X-Amz-Date, content-type',
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, PUT');
    expect(ok.headers.get('access-control-allow-headers')).toBe('X-Amz-Date, content-type');
    expect(ok.headers.get('access-control-expose-headers')).toBe('ETag, x-amz-version-id');
    expect(ok.headers.get('access-control-max-age')).toBe('600');

    // A wildcard origin of the second rule.
    const partner = await preflight(`/${corsBucket}/page.html`, 'https://eu.partner.example', 'GET');
    expect(partner.status).toBe(200);
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://eu.partner.example');

    // `*` answers `*`, without credentials.
    const any = await preflight(`/${corsBucket}`, 'https://other.example', 'HEAD');
    expect(any.status).toBe(200);
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
    expect(any.headers.get('access-control-allow-credentials')).toBeNull();

    // No rule for this origin / method / header: 403 AccessForbidden, no allow headers.
    for (const [origin, method, headers] of [
      ['https://evil.example', 'GET', undefined],
      ['https://app.example.com', 'DELETE', undefined],
      ['https://app.example.com', 'PUT', 'x-custom-header'],
      ['https://partner.example', 'GET', undefined], // `*.` needs a subdomain
    ] as const) {
      const refused = await preflight(`/${corsBucket}/page.html`, origin, method, headers);
      expect(refused.status, `${origin} ${method} ${headers ?? ''}`).toBe(403);
      expect(await refused.text()).toContain('<Code>AccessForbidden</Code>');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }

    // Actual (signed) requests: the matching rule's headers, or none; the request runs either way.
    const get = (origin: string) =>
      signedRequest(engine.url, engine, {
        method: 'GET',
        path: `/${corsBucket}/page.html`,
        headers: { origin },
      });
    const allowed = await get('https://app.example.com');
    expect([allowed.status, allowed.body]).toEqual([200, '<p>hi</p>']);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(allowed.headers['access-control-expose-headers']).toBe('ETag, x-amz-version-id');
    const foreign = await get('https://evil.example');
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    // Removing the configuration brings the default back.
    await s3.send(new DeleteBucketCorsCommand({ Bucket: corsBucket }));
    const after = await preflight(`/${corsBucket}/page.html`, 'https://evil.example', 'DELETE');
    expect(after.status).toBe(204);
    expect(after.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  it('refuses malformed configurations', async () => {
    const badMethod = await s3Failure(
      s3.send(
        new PutBucketCorsCommand({
          Bucket: corsBucket,
          CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['PATCH'] }] },
        }),
      ),
    );
    expect([badMethod.status, badMethod.code]).toEqual([400, 'InvalidArgument']);
    expect((await s3Failure(s3.send(new GetBucketCorsCommand({ Bucket: corsBucket })))).code).toBe(
      'NoSuchCORSConfiguration',
    );
  });
});

describe("MinIO's x-minio-force-delete through minio-js", () => {
  it('removes a prefix with removeObject(…, { forceDelete }) and a non-empty bucket with a raw DELETE', async () => {
    const doomed = bucketName('doomed');
    await mc.makeBucket(doomed);
    for (const key of ['dir/a', 'dir/sub/b', 'dirt', 'keep/c'])
      await mc.putObject(doomed, key, Buffer.from(key));
    await mc.removeObject(doomed, 'dir', { forceDelete: true });
    const left: string[] = [];
    for await (const o of mc.listObjectsV2(doomed, '', true)) left.push((o as { name: string }).name);
    expect(left.sort()).toEqual(['dirt', 'keep/c']);
    // minio-js has no option for it on removeBucket: its own request primitive sends the header.
    await mc.makeRequestAsync(
      { method: 'DELETE', bucketName: doomed, headers: { 'x-minio-force-delete': 'true' } },
      '',
      [204],
    );
    expect(await mc.bucketExists(doomed)).toBe(false);
  });
});
