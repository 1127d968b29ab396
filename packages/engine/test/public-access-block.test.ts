/**
 * The bucket public access block end to end on the real HTTP stack (engine on port 0 over temp
 * drives), with the AWS SDK v3, awscli (`s3api put-public-access-block` & co.) and plain `fetch`
 * without credentials:
 *
 * - Put/Get/DeletePublicAccessBlock round trip; GET without one is 404
 *   NoSuchPublicAccessBlockConfiguration; a document that is not one is MalformedXML;
 * - RestrictPublicBuckets: an anonymous GET allowed by a public policy is 403 while it is set and
 *   allowed again after DeletePublicAccessBlock; users of the account keep the policy's grants;
 *   GetBucketPolicyStatus says not public meanwhile;
 * - BlockPublicPolicy refuses a public policy (403 AccessDenied) but accepts a private one, and
 *   leaves a policy stored before it alone;
 * - BlockPublicAcls refuses public canned ACLs on PUT bucket/object ACL, PutObject and a POST form
 *   upload (minio-js presignedPostPolicy with an `acl` field).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  DeletePublicAccessBlockCommand,
  GetBucketPolicyCommand,
  GetBucketPolicyStatusCommand,
  GetObjectCommand,
  GetPublicAccessBlockCommand,
  PutBucketAclCommand,
  PutBucketPolicyCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  type S3Client,
  type PublicAccessBlockConfiguration,
} from '@aws-sdk/client-s3';
import { Client } from 'minio';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { awsEnv, findAwsClis, run } from './helpers/clients.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { s3Failure } from './helpers/s3-failure.js';
import { sdkClient } from './helpers/sdk-client.js';

await requireSystemDeps(['aws']);
const [cli] = await findAwsClis();

const ACCESS_KEY = 'COFFERPABROOT0000001';
const SECRET_KEY = 'coffer-pab-root-secret-0123456789abcdef';

let engine: HttpEngine;
let base: string;
let root: S3Client;
let work: string;

function client(accessKeyId: string, secretAccessKey: string): S3Client {
  return sdkClient(base, { accessKey: accessKeyId, secretKey: secretAccessKey });
}

/** A policy letting everyone read the bucket's objects (public in AWS's sense). */
function publicRead(bucket: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/*` },
    ],
  });
}

/** A policy for one named user (not public). */
function forUser(bucket: string, user: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: [`arn:aws:iam::*:user/${user}`] },
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${bucket}/*`,
      },
    ],
  });
}

const NONE: PublicAccessBlockConfiguration = {
  BlockPublicAcls: false,
  IgnorePublicAcls: false,
  BlockPublicPolicy: false,
  RestrictPublicBuckets: false,
};

async function putBlock(bucket: string, config: PublicAccessBlockConfiguration): Promise<void> {
  await root.send(
    new PutPublicAccessBlockCommand({
      Bucket: bucket,
      PublicAccessBlockConfiguration: { ...NONE, ...config },
    }),
  );
}

async function isPublic(bucket: string): Promise<boolean | undefined> {
  return (await root.send(new GetBucketPolicyStatusCommand({ Bucket: bucket }))).PolicyStatus?.IsPublic;
}

/** An anonymous GET of an object: the HTTP status. */
async function anonymousGet(bucket: string, key: string): Promise<number> {
  const res = await fetch(`${base}/${bucket}/${key}`);
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  engine = await startHttpEngine({
    name: 'public-access-block',
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
  });
  base = `http://127.0.0.1:${engine.port}`;
  root = client(ACCESS_KEY, SECRET_KEY);
  work = await mkdtemp(path.join(os.tmpdir(), 'coffer-pab-cli-'));
  for (const bucket of ['pab-roundtrip', 'pab-restrict', 'pab-policy', 'pab-acl', 'pab-cli']) {
    await root.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await root.send(new PutObjectCommand({ Bucket: 'pab-restrict', Key: 'hello.txt', Body: 'hello' }));
  await root.send(new PutObjectCommand({ Bucket: 'pab-cli', Key: 'hello.txt', Body: 'hello cli' }));
});

afterAll(async () => {
  root?.destroy();
  await engine?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('Put/Get/DeletePublicAccessBlock', () => {
  it('round-trips the configuration; without one GET is 404 NoSuchPublicAccessBlockConfiguration', async () => {
    const bucket = 'pab-roundtrip';
    const get = () => root.send(new GetPublicAccessBlockCommand({ Bucket: bucket }));
    expect(await s3Failure(get())).toMatchObject({
      code: 'NoSuchPublicAccessBlockConfiguration',
      status: 404,
    });

    await putBlock(bucket, { BlockPublicPolicy: true, IgnorePublicAcls: true });
    expect((await get()).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: false,
      IgnorePublicAcls: true,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: false,
    });
    await putBlock(bucket, { BlockPublicAcls: true, RestrictPublicBuckets: true });
    expect((await get()).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      IgnorePublicAcls: false,
      BlockPublicPolicy: false,
      RestrictPublicBuckets: true,
    });

    await root.send(new DeletePublicAccessBlockCommand({ Bucket: bucket }));
    expect(await s3Failure(get())).toMatchObject({ code: 'NoSuchPublicAccessBlockConfiguration' });
    // Deleting what is not set is fine, as in AWS.
    await root.send(new DeletePublicAccessBlockCommand({ Bucket: bucket }));
  });

  it('refuses a document that is not a PublicAccessBlockConfiguration, and a missing bucket', async () => {
    const bad = await fetch(`${base}/pab-roundtrip?publicAccessBlock`, { method: 'PUT', body: 'x' });
    // Unsigned: refused before the body is looked at.
    expect(bad.status).toBe(403);
    const malformed = await s3Failure(
      root.send(
        new PutPublicAccessBlockCommand({
          Bucket: 'pab-roundtrip',
          // The SDK serialises what it is given; a string where a boolean belongs is not a switch.
          PublicAccessBlockConfiguration: { BlockPublicAcls: 'maybe' as unknown as boolean },
        }),
      ),
    );
    expect(malformed).toMatchObject({ code: 'MalformedXML', status: 400 });
    const missing = await s3Failure(
      root.send(
        new PutPublicAccessBlockCommand({ Bucket: 'pab-nowhere', PublicAccessBlockConfiguration: NONE }),
      ),
    );
    expect(missing).toMatchObject({ code: 'NoSuchBucket', status: 404 });
  });
});

describe('RestrictPublicBuckets', () => {
  it('takes anonymous access granted by a public policy away, and gives it back when deleted', async () => {
    const bucket = 'pab-restrict';
    await root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicRead(bucket) }));
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(200);
    expect(await isPublic(bucket)).toBe(true);

    await putBlock(bucket, { RestrictPublicBuckets: true });
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(403);
    expect(await isPublic(bucket)).toBe(false);
    // The stored policy is untouched (AWS: enabling the setting does not change existing policies).
    expect(
      JSON.parse((await root.send(new GetBucketPolicyCommand({ Bucket: bucket }))).Policy ?? ''),
    ).toEqual(JSON.parse(publicRead(bucket)));
    // Users of the account keep what the public policy grants them.
    await engine.context.iam.setUser('pab-nobody', {
      secretKey: 'pab-nobody-secret',
      status: 'enabled',
      policies: [],
    });
    const nobody = client('pab-nobody', 'pab-nobody-secret');
    const out = await nobody.send(new GetObjectCommand({ Bucket: bucket, Key: 'hello.txt' }));
    expect(await out.Body?.transformToString()).toBe('hello');
    nobody.destroy();

    // Other switches do not restrict.
    await putBlock(bucket, { BlockPublicAcls: true, IgnorePublicAcls: true, BlockPublicPolicy: true });
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(200);
    await putBlock(bucket, { RestrictPublicBuckets: true });
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(403);

    await root.send(new DeletePublicAccessBlockCommand({ Bucket: bucket }));
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(200);
    expect(await isPublic(bucket)).toBe(true);
    await root.send(new DeleteBucketPolicyCommand({ Bucket: bucket }));
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(403);
  });
});

describe('BlockPublicPolicy', () => {
  it('refuses a public policy with 403 and accepts a private one', async () => {
    const bucket = 'pab-policy';
    await putBlock(bucket, { BlockPublicPolicy: true });
    const refused = await s3Failure(
      root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicRead(bucket) })),
    );
    expect(refused).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(refused.message).toContain('BlockPublicPolicy');
    expect(await s3Failure(root.send(new GetBucketPolicyCommand({ Bucket: bucket })))).toMatchObject({
      code: 'NoSuchBucketPolicy',
    });

    await root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: forUser(bucket, 'someone') }));
    const stored = await root.send(new GetBucketPolicyCommand({ Bucket: bucket }));
    expect(JSON.parse(stored.Policy ?? '')).toEqual(JSON.parse(forUser(bucket, 'someone')));
    expect(await isPublic(bucket)).toBe(false);
  });

  it('leaves a public policy stored before it in place; without the block the public policy is accepted', async () => {
    const bucket = 'pab-policy';
    await root.send(new DeletePublicAccessBlockCommand({ Bucket: bucket }));
    await root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicRead(bucket) }));
    await putBlock(bucket, { BlockPublicPolicy: true });
    expect(await isPublic(bucket)).toBe(true);
    await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'a.txt', Body: 'a' }));
    expect(await anonymousGet(bucket, 'a.txt')).toBe(200);
    await root.send(new DeleteBucketPolicyCommand({ Bucket: bucket }));
    await root.send(new DeletePublicAccessBlockCommand({ Bucket: bucket }));
  });
});

describe('BlockPublicAcls', () => {
  it('refuses public canned ACLs on the bucket, objects and uploads with 403; private stays accepted', async () => {
    const bucket = 'pab-acl';
    await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'k.txt', Body: 'k' }));
    // Without the block the engine answers as MinIO does: only the owner-only ACL is served.
    expect(
      await s3Failure(root.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' }))),
    ).toMatchObject({ code: 'NotImplemented', status: 501 });

    await putBlock(bucket, { BlockPublicAcls: true });
    // Thunks: each call starts only when its refusal is awaited.
    for (const call of [
      () => root.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'public-read' })),
      () => root.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'k.txt', ACL: 'public-read-write' })),
      () =>
        root.send(new PutObjectCommand({ Bucket: bucket, Key: 'pub.txt', Body: 'p', ACL: 'public-read' })),
      () =>
        root.send(
          new PutBucketAclCommand({
            Bucket: bucket,
            GrantRead: 'uri="http://acs.amazonaws.com/groups/global/AllUsers"',
          }),
        ),
    ]) {
      expect(await s3Failure(call())).toMatchObject({ code: 'AccessDenied', status: 403 });
    }
    // Nothing was written by the refused PutObject.
    expect(
      await s3Failure(root.send(new GetObjectCommand({ Bucket: bucket, Key: 'pub.txt' }))),
    ).toMatchObject({ code: 'NoSuchKey' });
    // The private ACL is still fine, and a plain PutObject is not affected.
    await root.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' }));
    await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'plain.txt', Body: 'p', ACL: 'private' }));
  });

  it('refuses a POST form upload whose acl field is public', async () => {
    const bucket = 'pab-acl';
    await putBlock(bucket, { BlockPublicAcls: true });
    const mc = new Client({
      endPoint: '127.0.0.1',
      port: engine.port,
      useSSL: false,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
      region: 'us-east-1',
    });
    const post = async (key: string, acl: string): Promise<Response> => {
      const policy = mc.newPostPolicy();
      policy.setBucket(bucket);
      policy.setKey(key);
      policy.setExpires(new Date(Date.now() + 10 * 60_000));
      // The form's acl field, covered by the signed policy as S3 requires.
      policy.policy.conditions.push(['eq', '$acl', acl]);
      policy.formData.acl = acl;
      const { postURL, formData } = await mc.presignedPostPolicy(policy);
      const form = new FormData();
      for (const [k, v] of Object.entries(formData)) form.append(k, v);
      form.append('file', new Blob(['form body']), 'upload.txt');
      return fetch(postURL, { method: 'POST', body: form });
    };
    const refused = await post('form-public.txt', 'public-read');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('BlockPublicAcls');
    expect(
      await s3Failure(root.send(new GetObjectCommand({ Bucket: bucket, Key: 'form-public.txt' }))),
    ).toMatchObject({ code: 'NoSuchKey' });
    const ok = await post('form-private.txt', 'private');
    expect(ok.status).toBe(204);
    await ok.arrayBuffer();
  });
});

describe('awscli s3api', () => {
  it('put-public-access-block / get-public-access-block / get-bucket-policy-status / delete', async () => {
    if (cli === undefined) throw new Error('awscli not found');
    const bucket = 'pab-cli';
    const env = await awsEnv(work, { url: base, accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
    const s3api = async (...args: string[]): Promise<unknown> => {
      const out = await run(cli.path, ['--endpoint-url', base, '--output', 'json', 's3api', ...args], {
        env,
      });
      return out.stdout.trim() === '' ? undefined : JSON.parse(out.stdout);
    };
    const status = async (): Promise<unknown> => s3api('get-bucket-policy-status', '--bucket', bucket);

    await s3api('put-bucket-policy', '--bucket', bucket, '--policy', publicRead(bucket));
    expect(await status()).toEqual({ PolicyStatus: { IsPublic: true } });
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(200);

    await s3api(
      'put-public-access-block',
      '--bucket',
      bucket,
      '--public-access-block-configuration',
      'BlockPublicAcls=false,IgnorePublicAcls=false,BlockPublicPolicy=true,RestrictPublicBuckets=true',
    );
    expect(await s3api('get-public-access-block', '--bucket', bucket)).toEqual({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: false,
        IgnorePublicAcls: false,
        BlockPublicPolicy: true,
        RestrictPublicBuckets: true,
      },
    });
    expect(await status()).toEqual({ PolicyStatus: { IsPublic: false } });
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(403);
    // awscli reports the refusal of a public policy.
    const refused = await run(
      cli.path,
      [
        '--endpoint-url',
        base,
        's3api',
        'put-bucket-policy',
        '--bucket',
        bucket,
        '--policy',
        publicRead(bucket),
      ],
      { env, allowFailure: true },
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('AccessDenied');

    await s3api('delete-public-access-block', '--bucket', bucket);
    const missing = await run(
      cli.path,
      ['--endpoint-url', base, 's3api', 'get-public-access-block', '--bucket', bucket],
      { env, allowFailure: true },
    );
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('NoSuchPublicAccessBlockConfiguration');
    expect(await status()).toEqual({ PolicyStatus: { IsPublic: true } });
    expect(await anonymousGet(bucket, 'hello.txt')).toBe(200);
    await s3api('delete-bucket-policy', '--bucket', bucket);
  });
});
