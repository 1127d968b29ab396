/**
 * Bucket quota and object lock, end to end: an engine started in-process with `createEngine`
 * (4 temp drives, port 0), driven the way the console's Create Bucket flow and real clients drive
 * it (wire doc §6.4 "Bucket with lock + versioning + quota").
 *
 * - Quota: admin `set-bucket-quota` / `get-bucket-quota` signed as madmin signs them
 *   (`helpers/admin-calls.ts`: SigV4, service `s3`, empty region), then S3 writes through minio-js
 *   and the AWS SDK v3: a PUT, copy, multipart completion or POST form upload that would take the
 *   bucket past its hard quota is refused with 400 XMinioAdminBucketQuotaExceeded and leaves nothing
 *   behind; overwrites and deletes give room back at once (no scan needed), and the figures stay
 *   right across scans.
 * - Object lock: lock buckets, `?object-lock` default retention, upload headers, `?retention`,
 *   `?legal-hold`, and the WORM rules on version deletes (governance bypass by root, refused to a
 *   user without s3:BypassGovernanceRetention; compliance and legal hold never bypassed).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectLockConfigurationCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectLockConfigurationCommand,
  PutObjectRetentionCommand,
  type S3Client,
  UploadPartCommand,
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
} from '@aws-sdk/client-s3';
import { Client, CopyConditions, S3Error } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import {
  adminCall,
  adminOk,
  createUser,
  getBucketQuota,
  setBucketQuota,
  type AdminAnswer,
} from './helpers/admin-calls.js';
import { buildMadminProbe, probeSteps, runMadminProbe } from './helpers/madmin-probe.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { s3Failure } from './helpers/s3-failure.js';
import { signedRequest } from './helpers/signed-request.js';
import { sdkClient } from './helpers/sdk-client.js';

const root = { accessKey: 'quotaroot', secretKey: 'quota-root-secret-123456' };
const KiB = 1024;
const MiB = 1024 * KiB;
const DAY = 86_400_000;

let dir: string;
let engine: Engine;
let mc: Client;
let s3: S3Client;

/** The engine as the admin-call helpers address it. */
function endpoint(): { url: string; accessKey: string; secretKey: string } {
  return { url: engine.url, ...root };
}

function setQuota(bucket: string, doc: unknown, keys = root): Promise<AdminAnswer> {
  return setBucketQuota(engine, keys, bucket, doc);
}

function getQuota(bucket: string, keys = root): Promise<AdminAnswer> {
  return getBucketQuota(engine, keys, bucket);
}

/** The S3 error code a minio-js call fails with. */
async function mcError(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof S3Error) return { code: String(err.code), message: err.message };
    throw err;
  }
  throw new Error('expected the call to fail');
}

async function exists(bucket: string, key: string): Promise<boolean> {
  try {
    await mc.statObject(bucket, key);
    return true;
  } catch (err) {
    if (err instanceof S3Error && (err.code === 'NotFound' || err.code === 'NoSuchKey')) return false;
    throw err;
  }
}

async function keys(bucket: string): Promise<string[]> {
  const out: string[] = [];
  for await (const item of mc.listObjectsV2(bucket, '', true)) {
    if (typeof item.name === 'string') out.push(item.name);
  }
  return out.sort();
}

async function versionIds(bucket: string, key: string): Promise<string[]> {
  const out: string[] = [];
  const stream = mc.listObjects(bucket, key, true, { IncludeVersion: true });
  for await (const item of stream as AsyncIterable<{
    name?: string;
    versionId?: string;
    isDeleteMarker?: boolean;
  }>) {
    if (item.name === key && item.versionId !== undefined && item.isDeleteMarker !== true)
      out.push(item.versionId);
  }
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-quota-lock-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
    // Only the start-up scan and the ones the tests ask for: usage between scans is the tracker's.
    scannerIntervalMs: 3_600_000,
    healIntervalMs: 3_600_000,
  });
  const { port } = engine.address;
  mc = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: root.accessKey,
    secretKey: root.secretKey,
    region: 'us-east-1',
  });
  s3 = sdkClient(engine.url, root);
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('bucket quota (admin API)', () => {
  it('answers get-bucket-quota with 404s until a quota is set, then the madmin BucketQuota JSON', async () => {
    await mc.makeBucket('quota-get');
    const none = await getQuota('quota-get');
    expect(none.status).toBe(404);
    expect(none.json).toMatchObject({ Code: 'XMinioAdminNoSuchQuotaConfiguration', BucketName: 'quota-get' });
    const missing = await getQuota('no-such-bucket');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ Code: 'NoSuchBucket' });
    expect((await setQuota('no-such-bucket', { size: 1, quotatype: 'hard' })).status).toBe(404);

    const set = await setQuota('quota-get', { size: 5 * MiB, quotatype: 'hard' });
    expect(set.status).toBe(200);
    expect(set.text).toBe('');
    const got = await getQuota('quota-get');
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ quota: 5 * MiB, size: 5 * MiB, rate: 0, requests: 0, quotatype: 'hard' });

    // madmin-go before 2023 (Debian's 2.0.7) sends `quota`, not `size`.
    expect((await setQuota('quota-get', { quota: 3 * MiB, quotatype: 'hard' })).status).toBe(200);
    expect((await getQuota('quota-get')).json).toMatchObject({ quota: 3 * MiB, size: 3 * MiB });

    // accountinfo reports it under details.quota.
    const account = await adminCall(engine, root, 'GET', 'accountinfo', { region: '' });
    const entry = (account.json as { Buckets: { name: string; details: { quota: unknown } }[] }).Buckets.find(
      (b) => b.name === 'quota-get',
    );
    expect(entry?.details.quota).toMatchObject({ size: 3 * MiB, quotatype: 'hard' });

    // Hard and FIFO quotas (fifo-quota.test.ts); other types and bad JSON are refused.
    expect((await setQuota('quota-get', { quota: 4 * MiB, quotatype: 'fifo' })).status).toBe(200);
    expect((await getQuota('quota-get')).json).toMatchObject({ size: 4 * MiB, quotatype: 'fifo' });
    const soft = await setQuota('quota-get', { size: 10, quotatype: 'soft' });
    expect(soft.status).toBe(400);
    expect(soft.json).toMatchObject({ Code: 'XMinioAdminInvalidArgument' });
    const bad = await setQuota('quota-get', '{"size":');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ Code: 'XMinioAdminConfigBadJSON' });

    // A zero size (or an empty body) removes the quota.
    expect((await setQuota('quota-get', { size: 0, quotatype: 'hard' })).status).toBe(200);
    expect((await getQuota('quota-get')).status).toBe(404);
    expect((await setQuota('quota-get', { size: 1, quotatype: 'hard' })).status).toBe(200);
    expect((await setQuota('quota-get', '')).status).toBe(200);
    expect((await getQuota('quota-get')).status).toBe(404);

    // Without the bucket parameter MinIO answers 426 (a required query key is missing).
    expect((await adminCall(engine, root, 'GET', 'get-bucket-quota', { region: '' })).status).toBe(426);
  });

  it('needs admin:SetBucketQuota / admin:GetBucketQuota', async () => {
    const user = await createUser(endpoint(), 'quotauser', 'quota-user-secret-1', ['readwrite']);
    const refused = await setQuota('quota-get', { size: 10, quotatype: 'hard' }, user);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ Code: 'AccessDenied' });
    expect((await getQuota('quota-get', user)).status).toBe(403);
  });

  it('refuses a PUT over the quota before storing anything; overwrites and deletes give room back', async () => {
    const bucket = 'quota-put';
    await mc.makeBucket(bucket);
    await mc.putObject(bucket, 'before-quota', randomBytes(100 * KiB));
    expect((await setQuota(bucket, { size: MiB, quotatype: 'hard' })).status).toBe(200);

    await mc.putObject(bucket, 'a', randomBytes(500 * KiB));
    // 100 KiB + 500 KiB + 500 KiB > 1 MiB.
    const refused = await mcError(mc.putObject(bucket, 'b', randomBytes(500 * KiB)));
    expect(refused).toEqual({ code: 'XMinioAdminBucketQuotaExceeded', message: 'Bucket quota exceeded' });
    expect(await exists(bucket, 'b')).toBe(false);
    expect(await keys(bucket)).toEqual(['a', 'before-quota']);

    // The AWS SDK sees the same 400.
    const sdk = await s3Failure(
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'c', Body: randomBytes(600 * KiB) })),
    );
    expect(sdk).toMatchObject({ code: 'XMinioAdminBucketQuotaExceeded', status: 400 });
    expect(await exists(bucket, 'c')).toBe(false);

    // Overwriting `a` (unversioned) replaces its 500 KiB: 100 + 900 KiB fits.
    await mc.putObject(bucket, 'a', randomBytes(900 * KiB));
    expect((await mcError(mc.putObject(bucket, 'd', randomBytes(30 * KiB)))).code).toBe(
      'XMinioAdminBucketQuotaExceeded',
    );
    // Deleting gives the room back at once; the bucket may fill exactly to its limit.
    await mc.removeObject(bucket, 'a');
    await mc.putObject(bucket, 'exact', randomBytes(MiB - 100 * KiB));
    expect((await mcError(mc.putObject(bucket, 'one-more', Buffer.from('x')))).code).toBe(
      'XMinioAdminBucketQuotaExceeded',
    );
    await mc.putObject(bucket, 'empty', Buffer.alloc(0));

    // A scan counts the same bytes: still full, and room again after a delete.
    await engine.scanUsage();
    expect((await mcError(mc.putObject(bucket, 'one-more', Buffer.from('x')))).code).toBe(
      'XMinioAdminBucketQuotaExceeded',
    );
    await mc.removeObject(bucket, 'before-quota');
    await mc.putObject(bucket, 'after-scan', randomBytes(100 * KiB));
    expect(await keys(bucket)).toEqual(['after-scan', 'empty', 'exact']);

    // Raising the quota lets the write through.
    expect((await setQuota(bucket, { size: 2 * MiB, quotatype: 'hard' })).status).toBe(200);
    await mc.putObject(bucket, 'one-more', Buffer.from('x'));
  });

  it('counts every version in a versioned bucket', async () => {
    const bucket = 'quota-versions';
    await mc.makeBucket(bucket);
    await mc.setBucketVersioning(bucket, { Status: 'Enabled' });
    expect((await setQuota(bucket, { size: MiB, quotatype: 'hard' })).status).toBe(200);
    await mc.putObject(bucket, 'k', randomBytes(600 * KiB));
    // A new version keeps the old one: 600 + 600 KiB > 1 MiB.
    expect((await mcError(mc.putObject(bucket, 'k', randomBytes(600 * KiB)))).code).toBe(
      'XMinioAdminBucketQuotaExceeded',
    );
    // A delete marker frees nothing; deleting the version does.
    await mc.removeObject(bucket, 'k');
    expect((await mcError(mc.putObject(bucket, 'k', randomBytes(600 * KiB)))).code).toBe(
      'XMinioAdminBucketQuotaExceeded',
    );
    const [versionId] = await versionIds(bucket, 'k');
    expect(versionId).toBeDefined();
    await mc.removeObject(bucket, 'k', { versionId: versionId ?? '' });
    await mc.putObject(bucket, 'k', randomBytes(600 * KiB));
  });

  it('refuses a copy and a multipart completion over the quota, each part checked alone', async () => {
    const bucket = 'quota-copy-mpu';
    await mc.makeBucket(bucket);
    expect((await setQuota(bucket, { size: 8 * MiB, quotatype: 'hard' })).status).toBe(200);
    await mc.putObject(bucket, 'src', randomBytes(5 * MiB));
    const copy = await mcError(
      mc.copyObject(bucket, 'copy', `/${bucket}/src`, new CopyConditions()) as Promise<unknown>,
    );
    expect(copy.code).toBe('XMinioAdminBucketQuotaExceeded');
    expect(await exists(bucket, 'copy')).toBe(false);
    await mc.removeObject(bucket, 'src');

    // Two parts of 5 and 4 MiB each fit alone; together they do not.
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'big' }));
    const parts = [];
    for (const [n, size] of [
      [1, 5 * MiB],
      [2, 4 * MiB],
    ] as const) {
      const part = await s3.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: 'big',
          UploadId,
          PartNumber: n,
          Body: randomBytes(size),
        }),
      );
      parts.push({ PartNumber: n, ETag: part.ETag });
    }
    const tooBigPart = await s3Failure(
      s3.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: 'big',
          UploadId,
          PartNumber: 3,
          Body: randomBytes(9 * MiB),
        }),
      ),
    );
    expect(tooBigPart).toMatchObject({ code: 'XMinioAdminBucketQuotaExceeded', status: 400 });
    const complete = await s3Failure(
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: 'big',
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      ),
    );
    expect(complete).toMatchObject({ code: 'XMinioAdminBucketQuotaExceeded', status: 400 });
    expect(await exists(bucket, 'big')).toBe(false);
    // Completing with the first part only fits (parts left out are discarded).
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'big',
        UploadId,
        MultipartUpload: { Parts: parts.slice(0, 1) },
      }),
    );
    expect((await mc.statObject(bucket, 'big')).size).toBe(5 * MiB);
    // 5 MiB used: a 4 MiB part no longer fits; its upload is aborted cleanly.
    const second = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'second' }));
    expect(
      await s3Failure(
        s3.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: 'second',
            UploadId: second.UploadId,
            PartNumber: 1,
            Body: randomBytes(4 * MiB),
          }),
        ),
      ),
    ).toMatchObject({ code: 'XMinioAdminBucketQuotaExceeded' });
    await s3.send(
      new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'second', UploadId: second.UploadId }),
    );
    expect(await keys(bucket)).toEqual(['big']);
  });

  it('refuses a POST form upload over the quota once its size is known', async () => {
    const bucket = 'quota-post';
    await mc.makeBucket(bucket);
    expect((await setQuota(bucket, { size: 64 * KiB, quotatype: 'hard' })).status).toBe(200);
    const post = async (key: string, content: Buffer): Promise<Response> => {
      const policy = mc.newPostPolicy();
      policy.setBucket(bucket);
      policy.setKey(key);
      policy.setExpires(new Date(Date.now() + 10 * 60_000));
      const { postURL, formData } = await mc.presignedPostPolicy(policy);
      const form = new FormData();
      for (const [k, v] of Object.entries(formData)) form.append(k, v);
      form.append('file', new Blob([content]), 'upload.bin');
      return fetch(postURL, { method: 'POST', body: form });
    };
    const ok = await post('small', randomBytes(40 * KiB));
    expect(ok.status).toBe(204);
    const refused = await post('large', randomBytes(40 * KiB));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<Code>XMinioAdminBucketQuotaExceeded</Code>');
    expect(await keys(bucket)).toEqual(['small']);
  });
});

describe('bucket quota through madmin-go 2.0.7', () => {
  it('sets, reads and clears a quota in the old `quota` dialect', async () => {
    await requireSystemDeps(['go', 'madmin-go']);
    const probe = await buildMadminProbe();
    await mc.makeBucket('quota-madmin');
    const result = await runMadminProbe(
      probe,
      'quota',
      { url: engine.url, ...root },
      { MADMIN_BUCKET: 'quota-madmin' },
    );
    const steps = probeSteps(result.report);
    expect(result.code, result.stderr).toBe(0);
    expect(steps.GetBucketQuotaUnset).toMatchObject({
      ok: false,
      code: 'XMinioAdminNoSuchQuotaConfiguration',
    });
    expect(steps.SetBucketQuota).toMatchObject({ ok: true });
    // madmin 2.0.7's BucketQuota has only `quota` and `quotatype`.
    expect(steps.GetBucketQuota).toEqual({ ok: true, value: { quota: 3 * MiB, quotatype: 'hard' } });
    expect(steps.ClearBucketQuota).toMatchObject({ ok: true });
    expect(steps.GetBucketQuotaCleared).toMatchObject({
      ok: false,
      code: 'XMinioAdminNoSuchQuotaConfiguration',
    });
    expect(steps.GetBucketQuotaNoBucket).toMatchObject({ ok: false, code: 'NoSuchBucket' });
  });
});

describe('object lock', () => {
  it('creates lock buckets with versioning and keeps a default retention (minio-js)', async () => {
    await mc.makeBucket('lock-default', '', { ObjectLocking: true });
    expect(await mc.getBucketVersioning('lock-default')).toMatchObject({ Status: 'Enabled' });
    expect(await mc.getObjectLockConfig('lock-default')).toMatchObject({ objectLockEnabled: 'Enabled' });
    await mc.setObjectLockConfig('lock-default', { mode: 'GOVERNANCE', unit: 'Days', validity: 1 });
    expect(await mc.getObjectLockConfig('lock-default')).toMatchObject({
      objectLockEnabled: 'Enabled',
      mode: 'GOVERNANCE',
      unit: 'Days',
      validity: 1,
    });

    const before = Date.now();
    const put = await mc.putObject('lock-default', 'doc', Buffer.from('kept for a day'));
    const after = Date.now();
    const versionId = put.versionId ?? '';
    expect(versionId).not.toBe('');
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'lock-default', Key: 'doc' }));
    expect(head.ObjectLockMode).toBe('GOVERNANCE');
    const until = head.ObjectLockRetainUntilDate?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + DAY - 1000);
    expect(until).toBeLessThanOrEqual(after + DAY + 1000);
    const retention = await mc.getObjectRetention('lock-default', 'doc', { versionId });
    expect(retention).toMatchObject({ mode: 'GOVERNANCE' });

    // Deleting that version is refused; deleting the key only adds a delete marker.
    const refused = await mcError(mc.removeObject('lock-default', 'doc', { versionId }));
    expect(refused).toEqual({
      code: 'AccessDenied',
      message: 'Access Denied because object protected by object lock.',
    });
    await mc.removeObject('lock-default', 'doc');
    expect(await versionIds('lock-default', 'doc')).toEqual([versionId]);
    // Root may bypass GOVERNANCE with the header.
    await mc.removeObject('lock-default', 'doc', { versionId, governanceBypass: true });
    expect(await versionIds('lock-default', 'doc')).toEqual([]);
  });

  it('sets retention and legal holds per version and enforces COMPLIANCE (AWS SDK v3)', async () => {
    const bucket = 'lock-sdk';
    await mc.makeBucket(bucket, '', { ObjectLocking: true });
    // The SDK adds the checksum PutObjectLockConfiguration requires.
    await s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: bucket,
        ObjectLockConfiguration: {
          ObjectLockEnabled: 'Enabled',
          Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Years: 1 } },
        },
      }),
    );
    const cfg = await s3.send(new GetObjectLockConfigurationCommand({ Bucket: bucket }));
    expect(cfg.ObjectLockConfiguration?.Rule?.DefaultRetention).toEqual({ Mode: 'COMPLIANCE', Years: 1 });

    // Upload-time headers win over the default.
    const until = new Date(Date.now() + 2 * DAY);
    until.setUTCMilliseconds(0);
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'gov',
        Body: 'governed',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until,
        ObjectLockLegalHoldStatus: 'OFF',
      }),
    );
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: bucket, Key: 'gov', VersionId: put.VersionId }),
    );
    expect(head.ObjectLockMode).toBe('GOVERNANCE');
    expect(head.ObjectLockRetainUntilDate?.toISOString()).toBe(until.toISOString());
    expect(head.ObjectLockLegalHoldStatus).toBe('OFF');

    // GOVERNANCE: extend freely, shorten only with the bypass.
    const longer = new Date(until.getTime() + DAY);
    await s3.send(
      new PutObjectRetentionCommand({
        Bucket: bucket,
        Key: 'gov',
        VersionId: put.VersionId,
        Retention: { Mode: 'GOVERNANCE', RetainUntilDate: longer },
      }),
    );
    const shorter = new Date(Date.now() + DAY);
    expect(
      await s3Failure(
        s3.send(
          new PutObjectRetentionCommand({
            Bucket: bucket,
            Key: 'gov',
            Retention: { Mode: 'GOVERNANCE', RetainUntilDate: shorter },
          }),
        ),
      ),
    ).toMatchObject({ code: 'AccessDenied', status: 403 });
    await s3.send(
      new PutObjectRetentionCommand({
        Bucket: bucket,
        Key: 'gov',
        BypassGovernanceRetention: true,
        Retention: { Mode: 'COMPLIANCE', RetainUntilDate: shorter },
      }),
    );
    const now = await s3.send(new GetObjectRetentionCommand({ Bucket: bucket, Key: 'gov' }));
    expect(now.Retention?.Mode).toBe('COMPLIANCE');
    expect(now.Retention?.RetainUntilDate?.getTime()).toBe(Math.floor(shorter.getTime()));

    // COMPLIANCE: no shortening, no mode change, no delete — bypass or not.
    expect(
      await mcError(
        mc.putObjectRetention(bucket, 'gov', {
          mode: 'GOVERNANCE',
          retainUntilDate: longer.toISOString(),
          governanceBypass: true,
          versionId: put.VersionId ?? '',
        }),
      ),
    ).toMatchObject({ code: 'AccessDenied' });
    expect(
      await mcError(
        mc.removeObject(bucket, 'gov', { versionId: put.VersionId ?? '', governanceBypass: true }),
      ),
    ).toMatchObject({ code: 'AccessDenied' });

    // A version without headers gets the bucket's COMPLIANCE default.
    const plain = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'plain', Body: 'x' }));
    const plainHead = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'plain' }));
    expect(plainHead.ObjectLockMode).toBe('COMPLIANCE');
    expect(plainHead.ObjectLockRetainUntilDate?.getTime()).toBeGreaterThan(Date.now() + 360 * DAY);

    // DeleteObjects reports the locked versions one by one.
    const multi = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: {
          Objects: [
            { Key: 'plain', VersionId: plain.VersionId },
            { Key: 'nothing-here', VersionId: '00000000-0000-4000-8000-000000000000' },
          ],
        },
      }),
    );
    expect(multi.Errors).toEqual([
      expect.objectContaining({
        Key: 'plain',
        VersionId: plain.VersionId,
        Code: 'AccessDenied',
        Message: 'Access Denied because object protected by object lock.',
      }),
    ]);
    expect(multi.Deleted?.map((d) => d.Key)).toEqual(['nothing-here']);
  });

  it('keeps versions under legal hold until it is lifted (minio-js)', async () => {
    const bucket = 'lock-hold';
    await mc.makeBucket(bucket, '', { ObjectLocking: true });
    const put = await mc.putObject(bucket, 'held', Buffer.from('evidence'));
    const versionId = put.versionId ?? '';
    // No default retention: none on the version.
    expect((await mcError(mc.getObjectRetention(bucket, 'held', { versionId }))).code).toBe(
      'NoSuchObjectLockConfiguration',
    );
    expect((await mcError(Promise.resolve().then(() => mc.getObjectLegalHold(bucket, 'held')))).code).toBe(
      'NoSuchObjectLockConfiguration',
    );
    await mc.setObjectLegalHold(bucket, 'held', { status: 'ON', versionId });
    expect(await mc.getObjectLegalHold(bucket, 'held', { versionId })).toMatchObject({ Status: 'ON' });
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'held' }));
    expect(head.ObjectLockLegalHoldStatus).toBe('ON');
    expect((await mcError(mc.removeObject(bucket, 'held', { versionId, governanceBypass: true }))).code).toBe(
      'AccessDenied',
    );
    await mc.setObjectLegalHold(bucket, 'held', { status: 'OFF', versionId });
    await mc.removeObject(bucket, 'held', { versionId });
    expect(await versionIds(bucket, 'held')).toEqual([]);
  });

  it('refuses a governance bypass to a user without s3:BypassGovernanceRetention', async () => {
    const bucket = 'lock-user';
    await mc.makeBucket(bucket, '', { ObjectLocking: true });
    await adminOk(engine, root, 'PUT', 'add-canned-policy', {
      query: { name: 'no-bypass' },
      body: {
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
          { Effect: 'Deny', Action: ['s3:BypassGovernanceRetention'], Resource: ['arn:aws:s3:::*'] },
        ],
      },
    });
    const user = await createUser(endpoint(), 'lockuser', 'lock-user-secret-12', ['no-bypass']);
    const userClient = new Client({
      endPoint: '127.0.0.1',
      port: engine.address.port,
      useSSL: false,
      accessKey: user.accessKey,
      secretKey: user.secretKey,
      region: 'us-east-1',
    });
    // minio-js would send unknown headers as x-amz-meta-*: lock headers go through the AWS SDK.
    const userSdk = sdkClient(engine.url, user);
    const put = await userSdk.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'k',
        Body: 'x',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: new Date(Date.now() + DAY),
      }),
    );
    userSdk.destroy();
    const versionId = put.VersionId ?? '';
    expect(versionId).not.toBe('');
    expect(
      await mcError(userClient.removeObject(bucket, 'k', { versionId, governanceBypass: true })),
    ).toEqual({ code: 'AccessDenied', message: 'Access Denied.' });
    expect(await mcError(userClient.removeObject(bucket, 'k', { versionId }))).toEqual({
      code: 'AccessDenied',
      message: 'Access Denied because object protected by object lock.',
    });
    // Root (which may bypass) can.
    await mc.removeObject(bucket, 'k', { versionId, governanceBypass: true });
  });

  it('answers lock requests on buckets created without lock with MinIO errors', async () => {
    const bucket = 'no-lock';
    await mc.makeBucket(bucket);
    await mc.putObject(bucket, 'k', Buffer.from('x'));
    expect(
      await mcError(
        Promise.resolve().then(() =>
          mc.setObjectLockConfig(bucket, { mode: 'GOVERNANCE', unit: 'Days', validity: 1 }),
        ),
      ),
    ).toMatchObject({ code: 'InvalidBucketState' });
    expect(
      await mcError(
        mc.putObjectRetention(bucket, 'k', {
          mode: 'GOVERNANCE',
          retainUntilDate: new Date(Date.now() + DAY).toISOString(),
          versionId: '',
        }),
      ),
    ).toEqual({ code: 'InvalidRequest', message: 'Bucket is missing ObjectLockConfiguration' });
    expect(
      await s3Failure(
        s3.send(
          new PutObjectCommand({ Bucket: bucket, Key: 'k2', Body: 'x', ObjectLockLegalHoldStatus: 'ON' }),
        ),
      ),
    ).toMatchObject({ code: 'InvalidRequest', status: 400 });
    expect(await exists(bucket, 'k2')).toBe(false);
  });

  it('requires Content-MD5 (or a checksum) on PUT ?object-lock, ?retention and ?legal-hold', async () => {
    await mc.makeBucket('lock-md5', '', { ObjectLocking: true });
    await mc.putObject('lock-md5', 'k', Buffer.from('x'));
    const doc =
      '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>';
    for (const [path, body] of [
      ['/lock-md5?object-lock', doc],
      ['/lock-md5/k?retention', '<Retention></Retention>'],
      ['/lock-md5/k?legal-hold', '<LegalHold><Status>ON</Status></LegalHold>'],
    ] as const) {
      const reply = await signedRequest(engine.url, root, { method: 'PUT', path, body });
      expect(reply.status, path).toBe(400);
      expect(reply.body, path).toContain('<Code>MissingContentMD5</Code>');
    }
    expect(await mc.getObjectLegalHold('lock-md5', 'k').catch((e: unknown) => e)).toBeInstanceOf(S3Error);
  });

  it('refuses to force-delete a lock bucket', async () => {
    const reply = await signedRequest(engine.url, root, {
      method: 'DELETE',
      path: '/lock-default',
      headers: { 'x-minio-force-delete': 'true' },
    });
    expect(reply.status).toBe(405);
    expect(await mc.bucketExists('lock-default')).toBe(true);
  });
});
