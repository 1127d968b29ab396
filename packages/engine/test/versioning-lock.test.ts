/**
 * Versioning states and object-lock refusals through the real HTTP stack (an engine assembled
 * in-process over four temp drives, port 0), driven by the AWS SDK v3, minio-js and awscli.
 *
 * - Suspended versioning, S3's null-version semantics: a PUT writes (replaces) the version whose id
 *   is `null` and keeps the older real versions; a DELETE without version id writes a `null`
 *   delete marker (replacing a null version); `versionId=null` addresses that version in
 *   GET/HEAD/DELETE, copy and tagging; ListObjectVersions shows `null` ids in their place and pages
 *   through them; re-enabling keeps the null version as an ordinary older version; the bucket's
 *   usage follows what the null version replaces, wherever it sits among the versions.
 * - A bucket with object lock cannot be suspended (nor exclude prefixes): 409 InvalidBucketState
 *   with AWS's message.
 * - Object-lock refusals answer 403 AccessDenied "Access Denied because object protected by object
 *   lock." as AWS does (deleting a version under retention or legal hold, shortening or removing an
 *   active retention, DeleteObjects per key); root's governance bypass works; once the protection
 *   is lifted the bucket can be emptied and deleted.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  PutObjectRetentionCommand,
  PutObjectTaggingCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { signRequest } from '@coffer/protocol';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsEnv, findAwsClis, run } from './helpers/clients.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { s3Failure } from './helpers/s3-failure.js';
import { sdkClient } from './helpers/sdk-client.js';

await requireSystemDeps(['aws']);

const ACCESS_KEY = 'VERLOCKROOTKEY000001';
const SECRET_KEY = 'versioning-lock-root-secret-0123456789';
const DAY = 86_400_000;
const LOCKED = {
  code: 'AccessDenied',
  status: 403,
  message: 'Access Denied because object protected by object lock.',
};
const SUSPEND_REFUSED = {
  code: 'InvalidBucketState',
  status: 409,
  message:
    'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
};

let engine: HttpEngine;
let url: string;
let s3: S3Client;
let mc: Client;
let work: string;

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'versioning-lock', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  url = `http://127.0.0.1:${engine.port}`;
  s3 = sdkClient(url, { accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  mc = new Client({
    endPoint: '127.0.0.1',
    port: engine.port,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    region: 'us-east-1',
  });
  work = await mkdtemp(path.join(os.tmpdir(), 'coffer-versioning-lock-'));
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function setVersioning(bucket: string, status: 'Enabled' | 'Suspended'): Promise<void> {
  await s3.send(
    new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: status } }),
  );
}

async function body(bucket: string, key: string, versionId?: string): Promise<string> {
  const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, VersionId: versionId }));
  return (await out.Body?.transformToString()) ?? '';
}

/** Every version and delete marker of `key`, newest first, as `id:kind:latest`. */
async function history(bucket: string, key: string): Promise<string[]> {
  const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: key }));
  const entries = [
    ...(out.Versions ?? []).map((v) => ({
      id: v.VersionId,
      kind: 'V',
      latest: v.IsLatest,
      at: v.LastModified,
    })),
    ...(out.DeleteMarkers ?? []).map((m) => ({
      id: m.VersionId,
      kind: 'DM',
      latest: m.IsLatest,
      at: m.LastModified,
    })),
  ];
  // Versions and markers come in two lists; merge them back into S3's newest-first order.
  entries.sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
  return entries.map(
    (e) => `${e.id === 'null' ? 'null' : (e.id ?? '?')}:${e.kind}${e.latest ? ':latest' : ''}`,
  );
}

/** The sum of the sizes of every version in the bucket (delete markers weigh nothing). */
async function storedBytes(bucket: string): Promise<number> {
  const out = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
  return (out.Versions ?? []).reduce((sum, v) => sum + (v.Size ?? 0), 0);
}

async function usage(bucket: string): Promise<number> {
  const tracker = engine.context.usageTracker;
  await tracker.ready();
  return tracker.used(bucket);
}

describe('suspended versioning (null versions)', () => {
  it('replaces the null version on PUT, keeps real versions, writes null delete markers', async () => {
    const bucket = 'suspended';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    // Written before versioning: the null version.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'before-versioning' }));
    await setVersioning(bucket, 'Enabled');
    const v1 =
      (await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v1' }))).VersionId ?? '';
    expect(v1).not.toBe('');
    expect(v1).not.toBe('null');
    await setVersioning(bucket, 'Suspended');
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Suspended');

    // A suspended PUT replaces the null version (though v1 sits above it) and keeps v1.
    const n1 = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'n1' }));
    expect(n1.VersionId).toBeUndefined(); // MinIO sends no x-amz-version-id for the null version
    expect(await history(bucket, 'k')).toEqual(['null:V:latest', `${v1}:V`]);
    expect(await body(bucket, 'k')).toBe('n1');
    expect(await body(bucket, 'k', 'null')).toBe('n1');
    expect(await body(bucket, 'k', v1)).toBe('v1');
    // The usage counts what is stored: the replaced null version left it.
    expect(await usage(bucket)).toBe(await storedBytes(bucket));
    expect(await storedBytes(bucket)).toBe('n1'.length + 'v1'.length);

    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'null-two' }));
    expect(await history(bucket, 'k')).toEqual(['null:V:latest', `${v1}:V`]);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k', VersionId: 'null' }));
    expect(head).toMatchObject({ VersionId: 'null', ContentLength: 'null-two'.length });
    expect(await usage(bucket)).toBe(await storedBytes(bucket));

    // DELETE without a version id: a null delete marker replacing the null version.
    const del = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    expect(del).toMatchObject({ DeleteMarker: true, VersionId: 'null' });
    expect(await history(bucket, 'k')).toEqual(['null:DM:latest', `${v1}:V`]);
    expect(await s3Failure(body(bucket, 'k'))).toMatchObject({ code: 'NoSuchKey', status: 404 });
    // Named explicitly, the null version is now a delete marker: 405.
    expect(
      await s3Failure(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'k', VersionId: 'null' }))),
    ).toMatchObject({ status: 405 });
    expect(await body(bucket, 'k', v1)).toBe('v1');
    expect(await usage(bucket)).toBe('v1'.length);

    // A second delete replaces the null marker rather than stacking another.
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    expect(await history(bucket, 'k')).toEqual(['null:DM:latest', `${v1}:V`]);
    // A PUT replaces the null marker with a null version.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'n3' }));
    expect(await history(bucket, 'k')).toEqual(['null:V:latest', `${v1}:V`]);
    expect(await body(bucket, 'k')).toBe('n3');
  });

  it('keeps the null version as an ordinary older version when versioning is enabled again', async () => {
    const bucket = 'reenabled';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await setVersioning(bucket, 'Enabled');
    const v1 =
      (await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v1' }))).VersionId ?? '';
    await setVersioning(bucket, 'Suspended');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'null' }));
    await setVersioning(bucket, 'Enabled');
    const v2 =
      (await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v2' }))).VersionId ?? '';
    expect(v2).not.toBe('null');
    expect(await history(bucket, 'k')).toEqual([`${v2}:V:latest`, 'null:V', `${v1}:V`]);
    expect(await body(bucket, 'k', 'null')).toBe('null');

    // A delete now adds a real marker; the null version stays.
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    expect(marker.DeleteMarker).toBe(true);
    expect(marker.VersionId).not.toBe('null');
    expect(await history(bucket, 'k')).toEqual([
      `${marker.VersionId}:DM:latest`,
      `${v2}:V`,
      'null:V',
      `${v1}:V`,
    ]);

    // Pages through the null version in the middle with VersionIdMarker=null.
    const paged: string[] = [];
    let keyMarker: string | undefined;
    let versionMarker: string | undefined;
    for (;;) {
      const page = await s3.send(
        new ListObjectVersionsCommand({
          Bucket: bucket,
          MaxKeys: 1,
          KeyMarker: keyMarker,
          VersionIdMarker: versionMarker,
        }),
      );
      for (const m of page.DeleteMarkers ?? []) paged.push(`DM:${m.VersionId === 'null' ? 'null' : 'id'}`);
      for (const v of page.Versions ?? []) paged.push(v.VersionId === 'null' ? 'null' : (v.VersionId ?? ''));
      if (!page.IsTruncated) break;
      keyMarker = page.NextKeyMarker;
      versionMarker = page.NextVersionIdMarker;
    }
    expect(paged).toEqual(['DM:id', v2, 'null', v1]);

    // versionId=null deletes exactly the null version.
    const removed = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k', VersionId: 'null' }));
    expect(removed.VersionId).toBe('null');
    expect(await history(bucket, 'k')).toEqual([`${marker.VersionId}:DM:latest`, `${v2}:V`, `${v1}:V`]);
    expect(await s3Failure(body(bucket, 'k', 'null'))).toMatchObject({ code: 'NoSuchVersion', status: 404 });

    // Suspended again: the delete marker written is the null one, on top of the real marker.
    await setVersioning(bucket, 'Suspended');
    const nullMarker = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    expect(nullMarker).toMatchObject({ DeleteMarker: true, VersionId: 'null' });
    expect(await history(bucket, 'k')).toEqual([
      'null:DM:latest',
      `${marker.VersionId}:DM`,
      `${v2}:V`,
      `${v1}:V`,
    ]);
  });

  it('addresses the null version in copies, tagging, multipart and multi-delete', async () => {
    const bucket = 'suspended-ops';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await setVersioning(bucket, 'Enabled');
    const v1 =
      (await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'real' }))).VersionId ?? '';
    await setVersioning(bucket, 'Suspended');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'null-src' }));

    // Copy from the null version; the copy in a suspended bucket is itself a null version.
    const copy = await s3.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'dst', CopySource: `${bucket}/src?versionId=null` }),
    );
    expect(copy.CopySourceVersionId).toBe('null');
    expect(copy.VersionId).toBeUndefined();
    expect(await body(bucket, 'dst', 'null')).toBe('null-src');

    // Tagging by versionId=null touches that version only.
    await s3.send(
      new PutObjectTaggingCommand({
        Bucket: bucket,
        Key: 'src',
        VersionId: 'null',
        Tagging: { TagSet: [{ Key: 'which', Value: 'null' }] },
      }),
    );
    const tags = await s3.send(
      new GetObjectTaggingCommand({ Bucket: bucket, Key: 'src', VersionId: 'null' }),
    );
    expect(tags).toMatchObject({ VersionId: 'null', TagSet: [{ Key: 'which', Value: 'null' }] });
    expect(
      (await s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: 'src', VersionId: v1 }))).TagSet,
    ).toEqual([]);

    // A completed multipart upload replaces the null version too.
    const upload = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'src' }));
    const part = await s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: 'src',
        UploadId: upload.UploadId,
        PartNumber: 1,
        Body: 'mp',
      }),
    );
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'src',
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(done.VersionId).toBeUndefined();
    expect(await history(bucket, 'src')).toEqual(['null:V:latest', `${v1}:V`]);
    expect(await body(bucket, 'src', 'null')).toBe('mp');
    expect(await usage(bucket)).toBe(await storedBytes(bucket));

    // minio-js names the null version too.
    const stat = await mc.statObject(bucket, 'src', { versionId: 'null' });
    expect(stat.versionId).toBe('null');
    expect(stat.size).toBe(2);

    // DeleteObjects: without a version id a null marker; with versionId=null the version itself.
    const multi = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'src' }, { Key: 'dst', VersionId: 'null' }] },
      }),
    );
    expect(multi.Errors ?? []).toEqual([]);
    expect(multi.Deleted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Key: 'src', DeleteMarker: true, DeleteMarkerVersionId: 'null' }),
        expect.objectContaining({ Key: 'dst', VersionId: 'null' }),
      ]),
    );
    expect(await history(bucket, 'src')).toEqual(['null:DM:latest', `${v1}:V`]);
    expect(await history(bucket, 'dst')).toEqual([]);
    expect(await usage(bucket)).toBe(await storedBytes(bucket));
  });
});

/** `PUT /<bucket>?versioning` with a body the SDK cannot express (MinIO's ExcludedPrefixes). */
async function putVersioningXml(bucket: string, xml: string): Promise<{ status: number; text: string }> {
  const target = new URL(`/${bucket}?versioning`, url);
  const data = Buffer.from(xml, 'utf8');
  const headers = signRequest({
    method: 'PUT',
    url: target,
    headers: { 'content-length': String(data.length) },
    body: data,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    region: 'us-east-1',
    service: 's3',
  });
  delete headers.host;
  const res = await fetch(target, { method: 'PUT', headers, body: data });
  return { status: res.status, text: await res.text() };
}

describe("MinIO's versioning exclusions", () => {
  it('gives excluded prefixes and folder objects null versions in an Enabled bucket', async () => {
    const bucket = 'excluding';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const doc =
      '<VersioningConfiguration><Status>Enabled</Status>' +
      '<ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes>' +
      '<ExcludedPrefixes><Prefix>*/_staging/</Prefix></ExcludedPrefixes>' +
      '<ExcludeFolders>true</ExcludeFolders></VersioningConfiguration>';
    expect((await putVersioningXml(bucket, doc)).status).toBe(200);
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Enabled');

    for (const key of ['tmp/a', 'jobs/7/_staging/b', 'folder/']) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'one' }));
      const second = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'two' }));
      expect(second.VersionId, key).toBeUndefined();
      expect(await history(bucket, key), key).toEqual(['null:V:latest']);
      expect(await body(bucket, key, 'null'), key).toBe('two');
    }
    const del = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'tmp/a' }));
    expect(del).toMatchObject({ DeleteMarker: true, VersionId: 'null' });
    expect(await history(bucket, 'tmp/a')).toEqual(['null:DM:latest']);

    // Everything else keeps its versions.
    const v1 = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'jobs/7/out', Body: 'one' }));
    const v2 = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'jobs/7/out', Body: 'two' }));
    expect(await history(bucket, 'jobs/7/out')).toEqual([`${v2.VersionId}:V:latest`, `${v1.VersionId}:V`]);
    expect(await usage(bucket)).toBe(await storedBytes(bucket));

    // Plain Enabled again: the exclusions are gone, tmp/ is versioned.
    await setVersioning(bucket, 'Enabled');
    const real = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'tmp/a', Body: 'real' }));
    expect(real.VersionId).toBeDefined();
    expect(await history(bucket, 'tmp/a')).toEqual([`${real.VersionId}:V:latest`, 'null:DM']);
  });
});

describe('versioning of an object-lock bucket', () => {
  it('cannot be suspended, nor exclude prefixes, with the server message', async () => {
    const bucket = 'lock-versioning';
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    expect(
      await s3Failure(
        s3.send(
          new PutBucketVersioningCommand({
            Bucket: bucket,
            VersioningConfiguration: { Status: 'Suspended' },
          }),
        ),
      ),
    ).toEqual(SUSPEND_REFUSED);
    const excluded = await putVersioningXml(
      bucket,
      '<VersioningConfiguration><Status>Enabled</Status><ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes></VersioningConfiguration>',
    );
    expect(excluded.status).toBe(409);
    expect(excluded.text).toContain('<Code>InvalidBucketState</Code>');
    expect(excluded.text).toContain(`<Message>${SUSPEND_REFUSED.message}</Message>`);
    // Enabled (the state it is in) is accepted; the bucket stays Enabled throughout.
    await setVersioning(bucket, 'Enabled');
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Enabled');

    // awscli shows the code and the message to its user.
    const [cli] = await findAwsClis();
    if (cli === undefined) throw new Error('no aws command line found');
    const env = await awsEnv(path.join(work, 'aws'), { url, accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
    const refused = await run(
      cli.path,
      [
        '--endpoint-url',
        url,
        's3api',
        'put-bucket-versioning',
        '--bucket',
        bucket,
        '--versioning-configuration',
        'Status=Suspended',
      ],
      { env, allowFailure: true },
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('InvalidBucketState');
    expect(refused.stderr).toContain(SUSPEND_REFUSED.message);
    const status = await run(
      cli.path,
      ['--endpoint-url', url, 's3api', 'get-bucket-versioning', '--bucket', bucket, '--output', 'json'],
      { env },
    );
    expect(JSON.parse(status.stdout)).toMatchObject({ Status: 'Enabled' });
  });

  it('reads the null version with awscli get-object --version-id null', async () => {
    const bucket = 'suspended-cli';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await setVersioning(bucket, 'Suspended');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'through the cli' }));
    const [cli] = await findAwsClis();
    if (cli === undefined) throw new Error('no aws command line found');
    const env = await awsEnv(path.join(work, 'aws'), { url, accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
    const file = path.join(work, 'null-version.txt');
    const out = await run(
      cli.path,
      [
        '--endpoint-url',
        url,
        's3api',
        'get-object',
        '--bucket',
        bucket,
        '--key',
        'k',
        '--version-id',
        'null',
        '--output',
        'json',
        file,
      ],
      { env },
    );
    expect(JSON.parse(out.stdout)).toMatchObject({ VersionId: 'null' });
    expect(await readFile(file, 'utf8')).toBe('through the cli');
  });
});

describe('object-lock refusals (AWS SDK v3)', () => {
  it('answer 403 AccessDenied; root bypasses GOVERNANCE; a lifted bucket can be deleted', async () => {
    const bucket = 'lock-refusals';
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    const until = new Date(Date.now() + 2 * DAY);
    const gov = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'gov',
        Body: 'governed',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until,
      }),
    );
    const comp = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'comp',
        Body: 'complied',
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: until,
      }),
    );
    const held = await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'held', Body: 'held', ObjectLockLegalHoldStatus: 'ON' }),
    );

    // Deleting a protected version, without or (COMPLIANCE, legal hold) with the bypass.
    expect(
      await s3Failure(
        s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'gov', VersionId: gov.VersionId })),
      ),
    ).toEqual(LOCKED);
    expect(
      await s3Failure(
        s3.send(
          new DeleteObjectCommand({
            Bucket: bucket,
            Key: 'comp',
            VersionId: comp.VersionId,
            BypassGovernanceRetention: true,
          }),
        ),
      ),
    ).toEqual(LOCKED);
    expect(
      await s3Failure(
        s3.send(
          new DeleteObjectCommand({
            Bucket: bucket,
            Key: 'held',
            VersionId: held.VersionId,
            BypassGovernanceRetention: true,
          }),
        ),
      ),
    ).toEqual(LOCKED);

    // Shortening or removing retention.
    const sooner = new Date(Date.now() + DAY);
    expect(
      await s3Failure(
        s3.send(
          new PutObjectRetentionCommand({
            Bucket: bucket,
            Key: 'comp',
            VersionId: comp.VersionId,
            BypassGovernanceRetention: true,
            Retention: { Mode: 'COMPLIANCE', RetainUntilDate: sooner },
          }),
        ),
      ),
    ).toEqual(LOCKED);
    expect(
      await s3Failure(
        s3.send(
          new PutObjectRetentionCommand({
            Bucket: bucket,
            Key: 'gov',
            VersionId: gov.VersionId,
            Retention: { Mode: 'GOVERNANCE', RetainUntilDate: sooner },
          }),
        ),
      ),
    ).toEqual(LOCKED);
    expect(
      await s3Failure(
        s3.send(
          new PutObjectRetentionCommand({
            Bucket: bucket,
            Key: 'gov',
            VersionId: gov.VersionId,
            Retention: {},
          }),
        ),
      ),
    ).toEqual(LOCKED);

    // DeleteObjects reports each protected version with the same code and message.
    const multi = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: {
          Objects: [
            { Key: 'gov', VersionId: gov.VersionId },
            { Key: 'held', VersionId: held.VersionId },
          ],
        },
      }),
    );
    expect(multi.Deleted ?? []).toEqual([]);
    expect(multi.Errors?.map((e) => [e.Key, e.Code, e.Message])).toEqual([
      ['gov', LOCKED.code, LOCKED.message],
      ['held', LOCKED.code, LOCKED.message],
    ]);

    // Deleting the key only adds a delete marker, always allowed; the marker can be removed.
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'gov' }));
    expect(marker.DeleteMarker).toBe(true);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'gov', VersionId: marker.VersionId }));

    // Root bypasses GOVERNANCE: removing the retention, then deleting the version.
    await s3.send(
      new PutObjectRetentionCommand({
        Bucket: bucket,
        Key: 'gov',
        VersionId: gov.VersionId,
        BypassGovernanceRetention: true,
        Retention: {},
      }),
    );
    const freed = await s3.send(
      new DeleteObjectCommand({ Bucket: bucket, Key: 'gov', VersionId: gov.VersionId }),
    );
    expect(freed.VersionId).toBe(gov.VersionId);
    // DeleteObjects honours the bypass header for each key too.
    const gov2 = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'gov2',
        Body: 'governed too',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until,
      }),
    );
    const bypassed = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        BypassGovernanceRetention: true,
        Delete: { Objects: [{ Key: 'gov2', VersionId: gov2.VersionId }] },
      }),
    );
    expect(bypassed.Errors ?? []).toEqual([]);
    expect(bypassed.Deleted?.map((d) => [d.Key, d.VersionId])).toEqual([['gov2', gov2.VersionId]]);

    // Legal hold lifted: deletable; the COMPLIANCE version stays until its date.
    await s3.send(
      new PutObjectLegalHoldCommand({
        Bucket: bucket,
        Key: 'held',
        VersionId: held.VersionId,
        LegalHold: { Status: 'OFF' },
      }),
    );
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'held', VersionId: held.VersionId }));
    expect(await history(bucket, '')).toEqual([`${comp.VersionId}:V:latest`]);
    expect(await s3Failure(s3.send(new DeleteBucketCommand({ Bucket: bucket })))).toMatchObject({
      code: 'BucketNotEmpty',
      status: 409,
    });
  });

  it('lets a bucket whose protections expired be emptied and deleted', async () => {
    const bucket = 'lock-expiring';
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }));
    // Retention one second ahead (a past date is refused): it lapses while we wait for it.
    const until = new Date(Date.now() + 1500);
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'brief',
        Body: 'short-lived',
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: until,
      }),
    );
    // Wait for the state (the retain-until date passing), not for a fixed time.
    while (Date.now() <= until.getTime()) await new Promise((resolve) => setTimeout(resolve, 50));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'brief', VersionId: put.VersionId }));
    await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
    expect(await mc.bucketExists(bucket)).toBe(false);
  });
});
