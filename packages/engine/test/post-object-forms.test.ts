/**
 * POST object forms as browsers and SDKs send them, with minio-js `presignedPostPolicy` signing the
 * policy: every field may arrive as a part with a filename (FormData with Blobs), only the `file`
 * part is the payload, parts after it are ignored; each policy condition is checked, with AWS's
 * errors when one fails (403 AccessDenied "Invalid according to Policy", 400 EntityTooLarge /
 * EntityTooSmall, 403 SignatureDoesNotMatch). Plus a Signature V2 form (AWSAccessKeyId +
 * base64 HMAC-SHA1 of the policy), signed here by hand.
 */
import { createHmac } from 'node:crypto';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketName } from './helpers/clients.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { minioClient, readObject } from './helpers/minio-client.js';

let engine: EngineProcess;
let mc: Client;
const bucket = bucketName('postform');

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  mc = minioClient(engine);
  await mc.makeBucket(bucket, 'us-east-1');
});

afterAll(async () => {
  await engine?.destroy();
});

interface Signed {
  postURL: string;
  formData: Record<string, string>;
}

/** A policy for `uploads/…` keys, text/* content, 1–1024 bytes and one user metadata field. */
async function sign(expires = new Date(Date.now() + 10 * 60_000)): Promise<Signed> {
  const policy = mc.newPostPolicy();
  policy.setBucket(bucket);
  policy.setKeyStartsWith('uploads/');
  policy.setExpires(expires);
  policy.setContentTypeStartsWith('text/');
  policy.setContentLengthRange(1, 1024);
  policy.setUserMetaData({ origin: 'browser' });
  return mc.presignedPostPolicy(policy);
}

type Part = [name: string, value: string | Blob, filename?: string];

/** POST a form built from parts in order; every string field as a Blob part with a filename when asked. */
async function post(url: string, parts: Part[], fieldsAsFiles: boolean): Promise<Response> {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string' && fieldsAsFiles) form.append(name, new Blob([value]), 'blob');
    else if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename ?? 'file.bin');
  }
  return fetch(url, { method: 'POST', body: form });
}

function fields(signed: Signed, overrides: Record<string, string> = {}): Part[] {
  const all = { ...signed.formData, key: 'uploads/${filename}', 'Content-Type': 'text/plain', ...overrides };
  return Object.entries(all).map(([k, v]) => [k, v] as Part);
}

const file = (text: string, filename = 'note.txt'): Part => [
  'file',
  new Blob([text], { type: 'text/plain' }),
  filename,
];

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = await res.text();
  return {
    status: res.status,
    code: /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '',
    message: /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? '',
  };
}

describe('browser-style forms', () => {
  it('every field sent as a part with a filename: stored, with ${filename} and the user metadata', async () => {
    const signed = await sign();
    const res = await post(
      signed.postURL,
      [...fields(signed), file('hello from a form', 'blob-fields.txt')],
      true,
    );
    expect(res.status).toBe(204);
    const stored = await readObject(mc, bucket, 'uploads/blob-fields.txt');
    expect(stored.toString()).toBe('hello from a form');
    const stat = await mc.statObject(bucket, 'uploads/blob-fields.txt');
    expect(stat.metaData['content-type']).toBe('text/plain');
    expect(stat.metaData.origin).toBe('browser');
  });

  it('only the file part is the payload; parts after it are ignored', async () => {
    const signed = await sign();
    const res = await post(
      signed.postURL,
      [
        ...fields(signed, { key: 'uploads/mixed.txt' }),
        file('the payload'),
        ['trailing', new Blob(['not me']), 'x.txt'],
      ],
      false,
    );
    expect(res.status).toBe(204);
    expect((await readObject(mc, bucket, 'uploads/mixed.txt')).toString()).toBe('the payload');
  });

  it('success_action_status 201 answers a PostResponse document', async () => {
    const policy = mc.newPostPolicy();
    policy.setBucket(bucket);
    policy.setKey('uploads/created.txt');
    policy.setExpires(new Date(Date.now() + 60_000));
    policy.policy.conditions.push(['eq', '$success_action_status', '201']);
    const signed = await mc.presignedPostPolicy(policy);
    const res = await post(
      signed.postURL,
      [
        ...Object.entries(signed.formData).map(([k, v]) => [k, v] as Part),
        ['success_action_status', '201'],
        file('x'),
      ],
      true,
    );
    expect(res.status).toBe(201);
    expect(await res.text()).toContain('<Key>uploads/created.txt</Key>');
  });
});

describe('policy conditions', () => {
  it('a key outside the starts-with prefix (sent as a file part) → 403 AccessDenied, nothing stored', async () => {
    const signed = await sign();
    const err = await errorOf(
      await post(signed.postURL, [...fields(signed, { key: 'elsewhere/x.txt' }), file('x')], true),
    );
    expect(err).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(err.message).toContain('Invalid according to Policy: Policy Condition failed');
    expect(err.message).toContain('$key');
    await expect(mc.statObject(bucket, 'elsewhere/x.txt')).rejects.toThrow();
  });

  it('a Content-Type outside the condition, a changed metadata value, an extra metadata field → 403', async () => {
    const signed = await sign();
    const type = await errorOf(
      await post(signed.postURL, [...fields(signed, { 'Content-Type': 'image/png' }), file('x')], true),
    );
    expect(type).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(type.message).toContain('$content-type');
    const meta = await errorOf(
      await post(signed.postURL, [...fields(signed, { 'x-amz-meta-origin': 'forged' }), file('x')], false),
    );
    expect(meta).toMatchObject({ status: 403, code: 'AccessDenied' });
    const extra = await errorOf(
      await post(signed.postURL, [...fields(signed, { 'x-amz-meta-extra': '1' }), file('x')], true),
    );
    expect(extra).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(extra.message).toContain('Extra input fields: x-amz-meta-extra');
  });

  it('content-length-range: too large → 400 EntityTooLarge, empty → 400 EntityTooSmall', async () => {
    const signed = await sign();
    const big = await errorOf(await post(signed.postURL, [...fields(signed), file('y'.repeat(2000))], true));
    expect(big).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    const small = await errorOf(await post(signed.postURL, [...fields(signed), file('')], true));
    expect(small).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });

  it('an expired policy → 403 "Policy expired"; a tampered policy → 403 SignatureDoesNotMatch', async () => {
    const expired = await sign(new Date(Date.now() - 60_000));
    const late = await errorOf(await post(expired.postURL, [...fields(expired), file('x')], true));
    expect(late).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(late.message).toContain('Policy expired');

    const signed = await sign();
    const doc = JSON.parse(Buffer.from(signed.formData.policy ?? '', 'base64').toString()) as {
      conditions: unknown[];
    };
    doc.conditions.push(['content-length-range', 0, 1e9]);
    const tampered = Buffer.from(JSON.stringify(doc)).toString('base64');
    const forged = await errorOf(
      await post(signed.postURL, [...fields(signed, { policy: tampered }), file('x')], true),
    );
    expect(forged).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });
});

describe('Signature V2 forms', () => {
  it('AWSAccessKeyId + signature (HMAC-SHA1 of the policy) uploads; a wrong secret is refused', async () => {
    const policy = Buffer.from(
      JSON.stringify({
        expiration: new Date(Date.now() + 60_000).toISOString(),
        conditions: [{ bucket }, ['starts-with', '$key', 'v2/'], ['content-length-range', 1, 100]],
      }),
    ).toString('base64');
    const form = (secret: string): Part[] => [
      ['key', 'v2/form.txt'],
      ['AWSAccessKeyId', engine.accessKey],
      ['policy', policy],
      ['signature', createHmac('sha1', secret).update(policy).digest('base64')],
      file('signed the old way'),
    ];
    const url = `${engine.url}/${bucket}`;
    const ok = await post(url, form(engine.secretKey), true);
    expect(ok.status).toBe(204);
    expect((await readObject(mc, bucket, 'v2/form.txt')).toString()).toBe('signed the old way');
    const bad = await errorOf(await post(url, form('wrong-secret'), true));
    expect(bad).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });
});
