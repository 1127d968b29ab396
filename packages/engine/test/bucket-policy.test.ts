/**
 * Bucket policies end to end on the real HTTP stack (engine on port 0 over temp drives), with the
 * AWS SDK v3, minio-js, awscli and plain `fetch` without credentials:
 *
 * - Put/Get/Delete/GetBucketPolicyStatus round trip; malformed, foreign-resource and oversized
 *   policies refused with MalformedPolicy / PolicyTooLarge and a message saying why;
 * - MinIO's canned "public" (readwrite) and "download" (readonly) bucket policies: an anonymous GET,
 *   listing and (public only) PUT work, and are refused again once the policy is deleted;
 * - conditions (aws:SourceIp, s3:prefix) decide anonymous requests with the request's values;
 * - combined with IAM: a bucket-policy Deny beats a user's IAM Allow, a bucket-policy Allow grants
 *   a user without IAM permissions, root is never limited.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'minio';
import {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  GetBucketPolicyCommand,
  GetBucketPolicyStatusCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { awsEnv, findAwsClis, run } from './helpers/clients.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { s3Failure } from './helpers/s3-failure.js';
import { sdkClient } from './helpers/sdk-client.js';

await requireSystemDeps(['aws']);
const [cli] = await findAwsClis();

const ACCESS_KEY = 'COFFERPOLICYROOT0001';
const SECRET_KEY = 'coffer-policy-root-secret-0123456789abcd';

let engine: HttpEngine;
let base: string;
let root: S3Client;
let work: string;

function client(accessKeyId: string, secretAccessKey: string): S3Client {
  return sdkClient(base, { accessKey: accessKeyId, secretKey: secretAccessKey });
}

function policy(...statements: Record<string, unknown>[]): string {
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

/** MinIO's canned "public" bucket policy (mc anonymous set public). */
function publicPolicy(bucket: string): string {
  return policy(
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetBucketLocation', 's3:ListBucket', 's3:ListBucketMultipartUploads'],
      Resource: [`arn:aws:s3:::${bucket}`],
    },
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: [
        's3:GetObject',
        's3:PutObject',
        's3:DeleteObject',
        's3:ListMultipartUploadParts',
        's3:AbortMultipartUpload',
      ],
      Resource: [`arn:aws:s3:::${bucket}/*`],
    },
  );
}

/** MinIO's canned "download" (read-only) bucket policy. */
function downloadPolicy(bucket: string): string {
  return policy(
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetBucketLocation', 's3:ListBucket'],
      Resource: [`arn:aws:s3:::${bucket}`],
    },
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${bucket}/*`],
    },
  );
}

async function putPolicy(bucket: string, text: string): Promise<void> {
  await root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: text }));
}

async function deletePolicy(bucket: string): Promise<void> {
  await root.send(new DeleteBucketPolicyCommand({ Bucket: bucket }));
}

async function isPublic(bucket: string): Promise<boolean | undefined> {
  const out = await root.send(new GetBucketPolicyStatusCommand({ Bucket: bucket }));
  return out.PolicyStatus?.IsPublic;
}

async function putText(s3: S3Client, bucket: string, key: string, body: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

async function getText(s3: S3Client, bucket: string, key: string): Promise<string> {
  const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await out.Body?.transformToString()) ?? '';
}

/** An anonymous request: plain fetch, no credentials. */
function anonymous(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${pathAndQuery}`, init);
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'bucket-policy', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  base = `http://127.0.0.1:${engine.port}`;
  root = client(ACCESS_KEY, SECRET_KEY);
  work = await mkdtemp(path.join(os.tmpdir(), 'coffer-bucket-policy-cli-'));
  for (const bucket of ['pol-roundtrip', 'pol-anon', 'pol-cond', 'pol-users']) {
    await root.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await putText(root, 'pol-anon', 'hello.txt', 'hello anonymous');
  await putText(root, 'pol-cond', 'public/a.txt', 'a');
  await putText(root, 'pol-cond', 'private/b.txt', 'b');
});

afterAll(async () => {
  root?.destroy();
  await engine?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('PutBucketPolicy / GetBucketPolicy / DeleteBucketPolicy / GetBucketPolicyStatus', () => {
  it('round-trips a policy and reports the bucket public while it is set', async () => {
    const bucket = 'pol-roundtrip';
    const missing = await s3Failure(root.send(new GetBucketPolicyCommand({ Bucket: bucket })));
    expect(missing).toMatchObject({ code: 'NoSuchBucketPolicy', status: 404 });
    expect(await isPublic(bucket)).toBe(false);

    const text = downloadPolicy(bucket);
    await putPolicy(bucket, text);
    const got = await root.send(new GetBucketPolicyCommand({ Bucket: bucket }));
    expect(JSON.parse(got.Policy ?? '')).toEqual(JSON.parse(text));
    expect(await isPublic(bucket)).toBe(true);

    // A policy for a named user only is not public.
    await putPolicy(
      bucket,
      policy({
        Effect: 'Allow',
        Principal: { AWS: ['someone'] },
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${bucket}/*`,
      }),
    );
    expect(await isPublic(bucket)).toBe(false);

    await deletePolicy(bucket);
    expect(await s3Failure(root.send(new GetBucketPolicyCommand({ Bucket: bucket })))).toMatchObject({
      code: 'NoSuchBucketPolicy',
    });
    expect(await isPublic(bucket)).toBe(false);
  });

  it('is spoken by minio-js too', async () => {
    const mc = new Client({
      endPoint: '127.0.0.1',
      port: engine.port,
      useSSL: false,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
      region: 'us-east-1',
    });
    const text = publicPolicy('pol-roundtrip');
    await mc.setBucketPolicy('pol-roundtrip', text);
    expect(JSON.parse(await mc.getBucketPolicy('pol-roundtrip'))).toEqual(JSON.parse(text));
    // minio-js removes a policy by setting an empty one.
    await mc.setBucketPolicy('pol-roundtrip', '');
    await expect(mc.getBucketPolicy('pol-roundtrip')).rejects.toMatchObject({ code: 'NoSuchBucketPolicy' });
  });

  it('refuses malformed, foreign and oversized policies, saying why', async () => {
    const bucket = 'pol-roundtrip';
    const refused = async (text: string) =>
      s3Failure(root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: text })));
    const read = {
      Effect: 'Allow',
      Principal: '*',
      Action: 's3:GetObject',
      Resource: `arn:aws:s3:::${bucket}/*`,
    };

    expect(await refused('{"Version":')).toMatchObject({ code: 'MalformedPolicy', status: 400 });
    const foreign = await refused(policy({ ...read, Resource: 'arn:aws:s3:::pol-anon/*' }));
    expect(foreign).toMatchObject({ code: 'MalformedPolicy', status: 400 });
    expect(foreign.message).toContain("outside the bucket 'pol-roundtrip'");
    const noPrincipal = await refused(policy({ ...read, Principal: undefined }));
    expect(noPrincipal.code).toBe('MalformedPolicy');
    expect(noPrincipal.message).toContain('Principal');
    const badEffect = await refused(policy({ ...read, Effect: 'Perhaps' }));
    expect(badEffect.message).toContain('Effect');

    const statements = Array.from({ length: 200 }, (_, i) => ({ ...read, Sid: `statement-number-${i}` }));
    const large = policy(...statements);
    expect(large.length).toBeGreaterThan(20 * 1024);
    expect(await refused(large)).toMatchObject({ code: 'PolicyTooLarge', status: 400 });

    // Nothing was stored by the refused attempts.
    expect(await s3Failure(root.send(new GetBucketPolicyCommand({ Bucket: bucket })))).toMatchObject({
      code: 'NoSuchBucketPolicy',
    });
  });

  it('answers NoSuchBucket for a bucket that does not exist', async () => {
    const missing = await s3Failure(
      root.send(new PutBucketPolicyCommand({ Bucket: 'pol-nowhere', Policy: downloadPolicy('pol-nowhere') })),
    );
    expect(missing).toMatchObject({ code: 'NoSuchBucket', status: 404 });
  });
});

describe('anonymous access by bucket policy', () => {
  it('reads, lists and writes under "public", reads only under "download", nothing after delete', async () => {
    const bucket = 'pol-anon';
    expect((await anonymous(`/${bucket}/hello.txt`)).status).toBe(403);
    expect((await anonymous(`/${bucket}?list-type=2`)).status).toBe(403);

    await putPolicy(bucket, publicPolicy(bucket));
    const got = await anonymous(`/${bucket}/hello.txt`);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('hello anonymous');
    const listing = await anonymous(`/${bucket}?list-type=2`);
    expect(listing.status).toBe(200);
    expect(await listing.text()).toContain('<Key>hello.txt</Key>');
    const put = await anonymous(`/${bucket}/from-anonymous.txt`, {
      method: 'PUT',
      body: 'written anonymously',
    });
    expect(put.status).toBe(200);
    expect(await getText(root, bucket, 'from-anonymous.txt')).toBe('written anonymously');
    expect((await anonymous(`/${bucket}/from-anonymous.txt`, { method: 'DELETE' })).status).toBe(204);
    // DeleteObjects is checked per key: the policy's s3:DeleteObject on bucket/* covers them.
    await putText(root, bucket, 'bulk/1.txt', '1');
    const bulk = '<Delete><Object><Key>bulk/1.txt</Key></Object></Delete>';
    const deleted = await anonymous(`/${bucket}?delete`, {
      method: 'POST',
      body: bulk,
      headers: { 'Content-MD5': createHash('md5').update(bulk).digest('base64') },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain('<Deleted><Key>bulk/1.txt</Key>');
    // Bucket actions the policy does not grant stay refused.
    expect((await anonymous(`/${bucket}?policy`)).status).toBe(403);
    expect((await anonymous(`/${bucket}`, { method: 'DELETE' })).status).toBe(403);
    // ListBuckets is never anonymous.
    expect((await anonymous('/')).status).toBe(403);

    await putPolicy(bucket, downloadPolicy(bucket));
    expect((await anonymous(`/${bucket}/hello.txt`)).status).toBe(200);
    expect((await anonymous(`/${bucket}?list-type=2`)).status).toBe(200);
    expect((await anonymous(`/${bucket}/nope.txt`, { method: 'PUT', body: 'x' })).status).toBe(403);
    // s3:ListBucket grants ListObjectVersions too, as in MinIO.
    expect((await anonymous(`/${bucket}?versions`)).status).toBe(200);

    await deletePolicy(bucket);
    const after = await anonymous(`/${bucket}/hello.txt`);
    expect(after.status).toBe(403);
    expect(await after.text()).toContain('<Code>AccessDenied</Code>');
    expect((await anonymous(`/${bucket}?list-type=2`)).status).toBe(403);
  });

  it('lets awscli read with --no-sign-request under a public policy only', async () => {
    if (cli === undefined) throw new Error('awscli not found');
    const bucket = 'pol-anon';
    const env = await awsEnv(work, { url: base, accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
    const args = ['--endpoint-url', base, '--no-sign-request', 's3', 'cp', `s3://${bucket}/hello.txt`, '-'];
    const refused = await run(cli.path, args, { env, allowFailure: true });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/403|Forbidden|AccessDenied/);
    await putPolicy(bucket, downloadPolicy(bucket));
    try {
      const ok = await run(cli.path, args, { env });
      expect(ok.stdout).toBe('hello anonymous');
    } finally {
      await deletePolicy(bucket);
    }
  });

  it('evaluates conditions with the request: source address and listing prefix', async () => {
    const bucket = 'pol-cond';
    const readFrom = (cidr: string): string =>
      policy({
        Effect: 'Allow',
        Principal: '*',
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${bucket}/*`,
        Condition: { IpAddress: { 'aws:SourceIp': cidr } },
      });
    await putPolicy(bucket, readFrom('10.0.0.0/8'));
    expect((await anonymous(`/${bucket}/public/a.txt`)).status).toBe(403);
    await putPolicy(bucket, readFrom('127.0.0.0/8'));
    expect((await anonymous(`/${bucket}/public/a.txt`)).status).toBe(200);

    // aws:SecureTransport is "false" over plain HTTP.
    await putPolicy(
      bucket,
      policy({
        Effect: 'Allow',
        Principal: '*',
        Action: 's3:GetObject',
        Resource: `arn:aws:s3:::${bucket}/*`,
        Condition: { Bool: { 'aws:SecureTransport': 'true' } },
      }),
    );
    expect((await anonymous(`/${bucket}/public/a.txt`)).status).toBe(403);

    await putPolicy(
      bucket,
      policy({
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: 's3:ListBucket',
        Resource: `arn:aws:s3:::${bucket}`,
        Condition: { StringEquals: { 's3:prefix': 'public/' } },
      }),
    );
    const allowed = await anonymous(`/${bucket}?list-type=2&prefix=public/`);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('<Key>public/a.txt</Key>');
    expect((await anonymous(`/${bucket}?list-type=2&prefix=private/`)).status).toBe(403);
    expect((await anonymous(`/${bucket}?list-type=2`)).status).toBe(403);
    await deletePolicy(bucket);
  });
});

describe('bucket policy combined with IAM', () => {
  it('a Deny beats an IAM Allow, an Allow grants without IAM, root is never limited', async () => {
    const bucket = 'pol-users';
    const iam = engine.context.iam;
    await iam.setUser('writer', { secretKey: 'writer-secret-1', status: 'enabled', policies: ['readwrite'] });
    await iam.setUser('reader', { secretKey: 'reader-secret-1', status: 'enabled', policies: [] });
    const writer = client('writer', 'writer-secret-1');
    const reader = client('reader', 'reader-secret-1');
    await putText(root, bucket, 'locked/doc.txt', 'locked');

    // Without a bucket policy: IAM alone.
    await putText(writer, bucket, 'locked/by-writer.txt', 'w');
    expect(await s3Failure(getText(reader, bucket, 'locked/doc.txt'))).toMatchObject({
      code: 'AccessDenied',
      status: 403,
    });

    await putPolicy(
      bucket,
      policy(
        {
          Effect: 'Deny',
          Principal: { AWS: ['*'] },
          Action: ['s3:PutObject', 's3:DeleteObject'],
          Resource: [`arn:aws:s3:::${bucket}/locked/*`],
        },
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam::*:user/reader'] },
          Action: ['s3:GetObject', 's3:ListBucket'],
          Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`],
        },
      ),
    );
    expect(await s3Failure(putText(writer, bucket, 'locked/again.txt', 'w'))).toMatchObject({
      code: 'AccessDenied',
      status: 403,
    });
    await putText(writer, bucket, 'open/by-writer.txt', 'w');

    expect(await getText(reader, bucket, 'locked/doc.txt')).toBe('locked');
    const listed = await reader.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listed.Contents?.map((c) => c.Key)).toContain('locked/doc.txt');
    expect(await s3Failure(putText(reader, bucket, 'open/by-reader.txt', 'r'))).toMatchObject({
      code: 'AccessDenied',
    });
    // The statement names the reader only: anonymous callers get nothing from it.
    expect((await anonymous(`/${bucket}/locked/doc.txt`)).status).toBe(403);

    // Root is never limited by a bucket policy.
    await putText(root, bucket, 'locked/by-root.txt', 'root');

    await deletePolicy(bucket);
    await putText(writer, bucket, 'locked/again.txt', 'w');
    expect(await s3Failure(getText(reader, bucket, 'locked/doc.txt'))).toMatchObject({
      code: 'AccessDenied',
    });
    writer.destroy();
    reader.destroy();
  });
});
