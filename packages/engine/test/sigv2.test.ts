/**
 * Signature Version 2 with the clients that still send it: `s3cmd signurl` fetched with curl,
 * s3cmd with `signature_v2 = True` (header-signed put, get, ls, del), awscli 1.x's default
 * `s3 presign` and awscli 1.x with `signature_version = s3` (header-signed cp up and down). Plus
 * the refusals: a tampered or expired URL, a wrong secret, V2 on the admin API.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awsEnv,
  bucketName,
  findAwsClis,
  run,
  s3cmdConfig,
  sha256,
  writeRandomFile,
} from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { sdkClient } from './helpers/sdk-client.js';
import { requireSystemDeps } from './helpers/system-deps.js';

await requireSystemDeps(['s3cmd', 'aws']);
const awscliV1 = (await findAwsClis()).find((c) => c.version.startsWith('aws-cli/1.'));

let engine: EngineProcess;
let dir: string;
let cfg: string;
const bucket = bucketName('sigv2');
const body = Buffer.from('signed with version two\n'.repeat(100));

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sigv2-'));
  cfg = await s3cmdConfig(dir, engine);
  await writeFile(cfg, (await readFile(cfg, 'utf8')).replace('signature_v2 = False', 'signature_v2 = True'));
  const sdk = sdkClient(engine.url, engine);
  await sdk.send(new CreateBucketCommand({ Bucket: bucket }));
  await sdk.send(new PutObjectCommand({ Bucket: bucket, Key: 'dir/a file+x.txt', Body: body }));
});

afterAll(async () => {
  await engine?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** curl a URL: status and body (curl sends the URL as given, like a browser would). */
async function curl(url: string): Promise<{ status: number; body: Buffer }> {
  const out = path.join(dir, `curl-${Math.random().toString(36).slice(2)}`);
  const r = await run('curl', ['-s', '-o', out, '-w', '%{http_code}', '--globoff', url]);
  const got = { status: Number(r.stdout.trim()), body: await readFile(out) };
  await rm(out, { force: true });
  return got;
}

/** A V2 string-to-sign signature, computed here independently of the engine. */
function sign(secret: string, text: string): string {
  return createHmac('sha1', secret).update(text).digest('base64');
}

describe('s3cmd 2.3', () => {
  const s3cmd = (...args: string[]) =>
    run('s3cmd', ['-c', cfg, '--no-progress', ...args], { timeoutMs: 120_000 });

  it('signurl gives a SigV2 URL that curl fetches; a tampered or expired one is refused', async () => {
    const r = await s3cmd('signurl', `s3://${bucket}/dir/a file+x.txt`, '+600');
    const url = r.stdout.trim();
    expect(url).toContain('AWSAccessKeyId=');
    expect(url).toContain('Signature=');
    const got = await curl(url);
    expect(got.status).toBe(200);
    expect(sha256(got.body)).toBe(sha256(body));

    const tampered = await curl(url.replace(/Expires=(\d+)/, (_m, n: string) => `Expires=${Number(n) + 1}`));
    expect(tampered.status).toBe(403);
    expect(tampered.body.toString()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const expires = Math.floor(Date.now() / 1000) - 10;
    const resource = `/${bucket}/dir/a%20file%2Bx.txt`;
    const signature = sign(engine.secretKey, `GET\n\n\n${expires}\n${resource}`);
    const expired = await curl(
      `${engine.url}${resource}?AWSAccessKeyId=${engine.accessKey}&Expires=${expires}&Signature=${encodeURIComponent(signature)}`,
    );
    expect(expired.status).toBe(403);
    expect(expired.body.toString()).toContain('Request has expired');
  });

  it('signature_v2 = True: put, ls, get, del signed in the Authorization header', async () => {
    const file = path.join(dir, 'up.bin');
    const hash = await writeRandomFile(file, 200_000);
    await s3cmd('put', file, `s3://${bucket}/v2/up.bin`);
    const ls = await s3cmd('ls', `s3://${bucket}/v2/`);
    expect(ls.stdout).toContain('200000');
    const back = path.join(dir, 'back.bin');
    await s3cmd('get', '--force', `s3://${bucket}/v2/up.bin`, back);
    expect(sha256(await readFile(back))).toBe(hash);
    await s3cmd('del', `s3://${bucket}/v2/up.bin`);
    const after = await s3cmd('ls', `s3://${bucket}/v2/`);
    expect(after.stdout).not.toContain('up.bin');
  });
});

describe.runIf(awscliV1 !== undefined)('awscli 1.x', () => {
  const cli = awscliV1?.path ?? 'aws';

  it('s3 presign with its default signature (SigV2) works with curl', async () => {
    const env = await awsEnv(path.join(dir, 'aws-default'), engine);
    const r = await run(
      cli,
      ['--endpoint-url', engine.url, 's3', 'presign', `s3://${bucket}/dir/a file+x.txt`],
      {
        env,
      },
    );
    const url = r.stdout.trim();
    expect(url).toContain('AWSAccessKeyId=');
    const got = await curl(url);
    expect(got.status).toBe(200);
    expect(sha256(got.body)).toBe(sha256(body));
  });

  it('signature_version = s3: cp up and down, ls, rm signed with SigV2 headers', async () => {
    const env = await awsEnv(path.join(dir, 'aws-v2'), engine, { signature_version: 's3' });
    const aws = (...args: string[]) =>
      run(cli, ['--endpoint-url', engine.url, ...args], { env, timeoutMs: 120_000 });
    const file = path.join(dir, 'aws-up.bin');
    const hash = await writeRandomFile(file, 300_000);
    await aws('s3', 'cp', file, `s3://${bucket}/aws/up.bin`);
    const ls = await aws('s3', 'ls', `s3://${bucket}/aws/`);
    expect(ls.stdout).toContain('300000');
    const back = path.join(dir, 'aws-back.bin');
    await aws('s3', 'cp', `s3://${bucket}/aws/up.bin`, back);
    expect(sha256(await readFile(back))).toBe(hash);
    await aws('s3', 'rm', `s3://${bucket}/aws/up.bin`);
  });
});

describe('hand-signed SigV2 requests', () => {
  const date = () => new Date().toUTCString();

  it('a header-signed GET with sub-resources and x-amz headers is accepted; a wrong secret is not', async () => {
    const when = date();
    const resource = `/${bucket}?versioning`;
    const text = `GET\n\n\n${when}\nx-amz-meta-probe:a,b\n${resource}`;
    const headers = (secret: string) => ({
      Date: when,
      'x-amz-meta-probe': 'a,b',
      Authorization: `AWS ${engine.accessKey}:${sign(secret, text)}`,
    });
    const ok = await fetch(`${engine.url}${resource}`, { headers: headers(engine.secretKey) });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('VersioningConfiguration');
    const bad = await fetch(`${engine.url}${resource}`, { headers: headers('not-the-secret') });
    expect(bad.status).toBe(403);
    expect(await bad.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('a V2-presigned PUT stores the body; a wrong Content-MD5 is still refused (BadDigest)', async () => {
    const expires = Math.floor(Date.now() / 1000) + 300;
    const resource = `/${bucket}/presigned-put.txt`;
    const payload = Buffer.from('put through a V2 URL');
    const md5 = createHash('md5').update(payload).digest('base64');
    const url = (contentMd5: string) =>
      `${engine.url}${resource}?AWSAccessKeyId=${engine.accessKey}&Expires=${expires}&Signature=${encodeURIComponent(
        sign(engine.secretKey, `PUT\n${contentMd5}\ntext/plain\n${expires}\n${resource}`),
      )}`;
    const put = await fetch(url(md5), {
      method: 'PUT',
      body: payload,
      headers: { 'Content-Type': 'text/plain', 'Content-MD5': md5 },
    });
    expect(put.status).toBe(200);
    const got = await sdkClient(engine.url, engine).send(
      new GetObjectCommand({ Bucket: bucket, Key: 'presigned-put.txt' }),
    );
    expect(await got.Body?.transformToString()).toBe(payload.toString());
    const wrongMd5 = createHash('md5').update('something else').digest('base64');
    const bad = await fetch(url(wrongMd5), {
      method: 'PUT',
      body: payload,
      headers: { 'Content-Type': 'text/plain', 'Content-MD5': wrongMd5 },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('<Code>BadDigest</Code>');
  });

  it('an unknown key is InvalidAccessKeyId; a stale Date is RequestTimeTooSkewed; admin refuses V2', async () => {
    const when = date();
    const unknown = await fetch(`${engine.url}/${bucket}`, {
      headers: { Date: when, Authorization: `AWS nobody:${sign('x', `GET\n\n\n${when}\n/${bucket}`)}` },
    });
    expect(unknown.status).toBe(403);
    expect(await unknown.text()).toContain('<Code>InvalidAccessKeyId</Code>');

    const old = new Date(Date.now() - 3600_000).toUTCString();
    const stale = await fetch(`${engine.url}/${bucket}`, {
      headers: {
        Date: old,
        Authorization: `AWS ${engine.accessKey}:${sign(engine.secretKey, `GET\n\n\n${old}\n/${bucket}`)}`,
      },
    });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('<Code>RequestTimeTooSkewed</Code>');

    const adminPath = '/minio/admin/v3/info';
    const admin = await fetch(`${engine.url}${adminPath}`, {
      headers: {
        Date: when,
        Authorization: `AWS ${engine.accessKey}:${sign(engine.secretKey, `GET\n\n\n${when}\n${adminPath}`)}`,
      },
    });
    expect(admin.status).toBe(403);
  });
});
