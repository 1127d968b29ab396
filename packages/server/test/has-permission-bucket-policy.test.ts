/**
 * has-permission honours bucket policies as the storage server does (engine process, console
 * server, real S3 calls): a bucket policy that grants a user s3:PutObject turns Upload on for a
 * user without any IAM grant — and the upload then really succeeds — an explicit Deny in the
 * bucket policy turns an IAM grant off — and the upload is then really refused — and root is never
 * limited by a bucket policy. When the user may not read the bucket policy, the answer falls back
 * to the IAM policies alone (the documented limit: the console reads with the session's keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let admin: ConsoleClient;

const BUCKET = 'bp-shared';

interface Check {
  action: string;
  bucket?: string;
  prefix?: string;
}

/** has-permission for one check, as the object browser asks it. */
async function can(client: ConsoleClient, check: Check): Promise<boolean> {
  const { status, body } = await client.json<{ permissions: { id: string; can: boolean }[] }>(
    'POST',
    '/api/v1/has-permission',
    {
      json: {
        actions: [
          {
            id: 'x',
            action: check.action,
            ...(check.bucket !== undefined ? { bucket_name: check.bucket } : {}),
            ...(check.prefix !== undefined ? { prefix: check.prefix } : {}),
          },
        ],
      },
    },
  );
  expect(status).toBe(200);
  const answer = body.permissions[0];
  if (answer === undefined) throw new Error('no answer');
  return answer.can;
}

const upload = { action: 's3:PutObject', bucket: BUCKET, prefix: 'docs/' };

function policy(...statements: Record<string, unknown>[]): string {
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

async function setPolicy(definition: string | undefined): Promise<void> {
  const json = definition === undefined ? { access: 'PRIVATE' } : { access: 'CUSTOM', definition };
  const { status } = await admin.json('PUT', `/api/v1/buckets/${BUCKET}/set-policy`, { json });
  expect(status).toBe(200);
}

/** Upload one small object through the console as `client`: the HTTP status. */
async function uploadAs(client: ConsoleClient, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob(['hello']), name);
  const res = await client.request(
    'POST',
    `/api/v1/buckets/${BUCKET}/objects/upload?prefix=${encodeURIComponent('docs/')}`,
    { body: form },
  );
  await res.arrayBuffer();
  return res.status;
}

async function user(accessKey: string, secretKey: string, policies: string[]): Promise<ConsoleClient> {
  const created = await admin.json('POST', '/api/v1/users', { json: { accessKey, secretKey, policies } });
  expect(created.status).toBe(201);
  const client = new ConsoleClient(consoleApp.url);
  await client.login(accessKey, secretKey);
  return client;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 1 });
  consoleApp = await startConsole(engine.url);
  admin = new ConsoleClient(consoleApp.url);
  await admin.login(engine.accessKey, engine.secretKey);
  expect((await admin.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('has-permission with a bucket policy', () => {
  it('a bucket-policy Allow enables Upload for a user without any IAM grant', async () => {
    const outsider = await user('outsider', 'outsider-secret-1', []);
    expect(await can(outsider, upload)).toBe(false);
    expect(await uploadAs(outsider, 'before.txt')).toBe(403);

    await setPolicy(
      policy(
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam::*:user/outsider'] },
          Action: ['s3:PutObject'],
          Resource: [`arn:aws:s3:::${BUCKET}/docs/*`],
        },
        {
          // The console reads the policy with the user's own keys, so the user may read it.
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam::*:user/outsider'] },
          Action: ['s3:GetBucketPolicy'],
          Resource: [`arn:aws:s3:::${BUCKET}`],
        },
      ),
    );
    expect(await can(outsider, upload)).toBe(true);
    // What the answer promises, the storage server does.
    expect(await uploadAs(outsider, 'granted.txt')).toBeLessThan(300);
    // Only what the policy grants: not elsewhere in the bucket, not other actions.
    expect(await can(outsider, { ...upload, prefix: 'other/' })).toBe(false);
    expect(await can(outsider, { action: 's3:DeleteObject', bucket: BUCKET, prefix: 'docs/' })).toBe(false);
    // Without a bucket the question stays "somewhere by IAM".
    expect(await can(outsider, { action: 's3:PutObject' })).toBe(false);
  });

  it('falls back to IAM alone when the user may not read the bucket policy', async () => {
    await setPolicy(
      policy({
        Effect: 'Allow',
        Principal: { AWS: ['arn:aws:iam::*:user/blind'] },
        Action: ['s3:PutObject'],
        Resource: [`arn:aws:s3:::${BUCKET}/docs/*`],
      }),
    );
    const blind = await user('blind', 'blind-secret-1', []);
    // The server would allow the upload, but the console cannot see why: IAM says no.
    expect(await can(blind, upload)).toBe(false);
    expect(await uploadAs(blind, 'blind.txt')).toBeLessThan(300);
  });

  it('an explicit Deny in the bucket policy turns an IAM grant into can: false', async () => {
    const writer = await user('bp-writer', 'bp-writer-secret-1', ['readwrite']);
    await setPolicy(undefined);
    expect(await can(writer, upload)).toBe(true);

    await setPolicy(
      policy({
        Effect: 'Deny',
        Principal: '*',
        Action: ['s3:PutObject'],
        Resource: [`arn:aws:s3:::${BUCKET}/docs/*`],
      }),
    );
    expect(await can(writer, upload)).toBe(false);
    expect(await uploadAs(writer, 'denied.txt')).toBe(403);
    // The Deny covers docs/ only.
    expect(await can(writer, { ...upload, prefix: 'other/' })).toBe(true);
    expect(await can(writer, { action: 's3:GetObject', bucket: BUCKET, prefix: 'docs/' })).toBe(true);

    // Root is never limited by a bucket policy, in the console as on the server.
    expect(await can(admin, upload)).toBe(true);
    expect(await uploadAs(admin, 'by-root.txt')).toBeLessThan(300);

    await setPolicy(undefined);
    expect(await can(writer, upload)).toBe(true);
  });
});
