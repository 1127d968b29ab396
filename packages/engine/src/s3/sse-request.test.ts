/**
 * The SSE request headers on their own: what a write resolves to, MinIO's refusals, and the SSE-C
 * transport rule (TLS or loopback), checked on fake requests from chosen client addresses.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../http/context.js';
import { fakeEngineContext, fakeRequestContext } from '../../test/helpers/fake-engine-context.js';
import { readCustomerKey, resolveWriteEncryption } from './sse-request.js';

const where = { bucket: 'b', key: 'k' };
const key = randomBytes(32);
const ssec = {
  'x-amz-server-side-encryption-customer-algorithm': 'AES256',
  'x-amz-server-side-encryption-customer-key': key.toString('base64'),
  'x-amz-server-side-encryption-customer-key-md5': createHash('md5').update(key).digest('base64'),
};

async function context(
  headers: Record<string, string>,
  remoteAddress = '127.0.0.1',
): Promise<RequestContext> {
  const engine = await fakeEngineContext();
  const { ctx } = fakeRequestContext({ engine, method: 'PUT', path: '/b/k', headers });
  Object.assign(ctx.req, { socket: { remoteAddress } });
  return ctx;
}

describe('resolveWriteEncryption', () => {
  it('resolves SSE-S3, SSE-KMS (arn prefix dropped) and SSE-C', async () => {
    expect(
      (await resolveWriteEncryption(await context({ 'x-amz-server-side-encryption': 'AES256' }), where))
        .request,
    ).toEqual({ kind: 'SSE-S3' });
    const ctx = await context({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': 'arn:aws:kms:my-key',
    });
    await ctx.engine.kms.createKey('my-key', 'root');
    expect((await resolveWriteEncryption(ctx, where)).request).toEqual({ kind: 'SSE-KMS', keyId: 'my-key' });
    const c = await resolveWriteEncryption(await context(ssec), where);
    expect(c.request?.kind).toBe('SSE-C');
    expect(c.customerKey?.key.equals(key)).toBe(true);
    // No SSE headers and a bucket ('beta' of the fake layer) without default encryption: none.
    const plain = await resolveWriteEncryption(await context({}), { bucket: 'beta', key: 'k' });
    expect(plain.request).toBeUndefined();
  });

  it('refuses what MinIO refuses, each with its code', async () => {
    const refused = async (headers: Record<string, string>): Promise<string> => {
      try {
        await resolveWriteEncryption(await context(headers), where);
      } catch (err) {
        return (err as Error).name;
      }
      return 'accepted';
    };
    expect(await refused({ 'x-amz-server-side-encryption': 'aes256' })).toBe('SseInvalidEncryptionMethod');
    expect(await refused({ 'x-amz-server-side-encryption-aws-kms-key-id': 'k' })).toBe('SseInvalidArgument');
    expect(
      await refused({
        'x-amz-server-side-encryption': 'AES256',
        'x-amz-server-side-encryption-aws-kms-key-id': 'k',
      }),
    ).toBe('SseInvalidArgument');
    expect(
      await refused({
        'x-amz-server-side-encryption': 'aws:kms',
        'x-amz-server-side-encryption-aws-kms-key-id': 'nope',
      }),
    ).toBe('KmsKeyNotFound');
    expect(await refused({ ...ssec, 'x-amz-server-side-encryption-customer-algorithm': 'AES128' })).toBe(
      'SseInvalidArgument',
    );
    expect(await refused({ ...ssec, 'x-amz-server-side-encryption-customer-key': 'c2hvcnQ=' })).toBe(
      'SseInvalidArgument',
    );
    const { ['x-amz-server-side-encryption-customer-key-md5']: _md5, ...noMd5 } = ssec;
    expect(await refused(noMd5)).toBe('SseInvalidArgument');
  });

  it('accepts SSE-C from loopback clients only (no TLS listener), for writes and reads', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await resolveWriteEncryption(await context(ssec, address), where)).request?.kind).toBe('SSE-C');
    }
    for (const address of ['10.1.2.3', '::ffff:192.168.1.9', '2001:db8::1']) {
      await expect(resolveWriteEncryption(await context(ssec, address), where)).rejects.toMatchObject({
        name: 'SseInsecureCustomerRequest',
      });
      expect(() => readCustomerKey(ctxSync(ssec, address), where)).toThrow(/secure connection/);
    }
  });
});

/** A context built synchronously for the read-side check (no KMS needed). */
function ctxSync(headers: Record<string, string>, remoteAddress: string): RequestContext {
  return { req: { headers, socket: { remoteAddress } } } as unknown as RequestContext;
}
