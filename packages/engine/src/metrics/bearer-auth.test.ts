import { signJwt } from '@coffer/protocol';
import { describe, expect, it } from 'vitest';
import { fakeEngineContext, fakeRequestContext, ROOT } from '../../test/helpers/fake-engine-context.js';
import { AccessDenied } from '../common/errors.js';
import { authenticateMetricsRequest } from './bearer-auth.js';
import { createMetrics } from './registry.js';

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

async function ctxWith(authorization: string | undefined, authType: 'jwt' | 'public' = 'jwt') {
  const engine = await fakeEngineContext({ metrics: createMetrics({ authType }) });
  return fakeRequestContext({
    engine,
    path: '/minio/v2/metrics/cluster',
    headers: authorization === undefined ? {} : { authorization },
  }).ctx;
}

describe('Prometheus bearer authentication', () => {
  it.each(['HS256', 'HS384', 'HS512'] as const)(
    'accepts a %s token signed with the named key',
    async (alg) => {
      const token = signJwt(
        { exp: inOneHour(), sub: ROOT.accessKey, iss: 'prometheus' },
        ROOT.secretKey,
        alg,
      );
      await expect(authenticateMetricsRequest(await ctxWith(`Bearer ${token}`))).resolves.toMatchObject({
        accessKey: ROOT.accessKey,
      });
    },
  );

  it('accepts the accessKey claim in place of sub', async () => {
    const token = signJwt({ exp: inOneHour(), accessKey: ROOT.accessKey, iss: 'prometheus' }, ROOT.secretKey);
    await expect(authenticateMetricsRequest(await ctxWith(`Bearer ${token}`))).resolves.toBeDefined();
  });

  it.each([
    ['no header', undefined, /bearer token is required/],
    ['another scheme', 'Basic abc', /bearer token is required/],
    ['garbage', 'Bearer not-a-jwt', /malformed/],
    [
      'wrong secret',
      `Bearer ${signJwt({ exp: inOneHour(), sub: ROOT.accessKey, iss: 'prometheus' }, 'wrongsecret')}`,
      /signature/,
    ],
    [
      'unknown key',
      `Bearer ${signJwt({ exp: inOneHour(), sub: 'ghost', iss: 'prometheus' }, ROOT.secretKey)}`,
      /unknown access key/,
    ],
    [
      'expired',
      `Bearer ${signJwt({ exp: Math.floor(Date.now() / 1000) - 10, sub: ROOT.accessKey, iss: 'prometheus' }, ROOT.secretKey)}`,
      /expired/,
    ],
    ['no exp', `Bearer ${signJwt({ sub: ROOT.accessKey, iss: 'prometheus' }, ROOT.secretKey)}`, /no exp/],
    [
      'wrong issuer',
      `Bearer ${signJwt({ exp: inOneHour(), sub: ROOT.accessKey, iss: 'console' }, ROOT.secretKey)}`,
      /issuer/,
    ],
    [
      'no subject',
      `Bearer ${signJwt({ exp: inOneHour(), iss: 'prometheus' }, ROOT.secretKey)}`,
      /names no access key/,
    ],
  ])('refuses %s with AccessDenied', async (_name, header, message) => {
    const promise = authenticateMetricsRequest(await ctxWith(header));
    await expect(promise).rejects.toBeInstanceOf(AccessDenied);
    await expect(authenticateMetricsRequest(await ctxWith(header))).rejects.toThrow(message);
  });

  it('lets anyone in when the auth type is public', async () => {
    await expect(authenticateMetricsRequest(await ctxWith(undefined, 'public'))).resolves.toBeUndefined();
  });
});
