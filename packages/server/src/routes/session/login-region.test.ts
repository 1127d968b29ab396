/**
 * Sign-in against a server whose STS refusal does not name its region (a bare AccessDenied, as
 * MinIO's STS may answer): a small stand-in that checks only the credential scope's region answers
 * STS 403 AccessDenied "Access Denied." and S3 400 AuthorizationHeaderMalformed with `<Region>` for
 * a wrong one. The console probes S3 once, switches, and AssumeRole succeeds on the second try;
 * with the right region from the start, STS is asked once and nothing else.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';

const REGION = 'stand-in-1';

let server: http.Server;
let serverUrl: string;
const seen: { method: string; region: string }[] = [];
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

function scopeRegion(req: http.IncomingMessage): string {
  return /Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const region = scopeRegion(req);
      seen.push({ method: req.method ?? '', region });
      res.setHeader('content-type', 'application/xml');
      const sts = req.method === 'POST' && (req.url ?? '') === '/';
      if (region !== REGION) {
        if (sts) {
          res
            .writeHead(403)
            .end(
              '<ErrorResponse><Error><Type></Type><Code>AccessDenied</Code><Message>Access Denied.</Message></Error></ErrorResponse>',
            );
        } else {
          res
            .writeHead(400)
            .end(
              `<Error><Code>AuthorizationHeaderMalformed</Code><Message>The authorization header is malformed.</Message><Region>${REGION}</Region></Error>`,
            );
        }
        return;
      }
      if (!sts) {
        res.writeHead(404).end('<Error><Code>NoSuchBucket</Code><Message>none</Message></Error>');
        return;
      }
      const expires = new Date(Date.now() + 3600_000).toISOString();
      res
        .writeHead(200)
        .end(
          `<AssumeRoleResponse><AssumeRoleResult><Credentials><AccessKeyId>TMPKEY</AccessKeyId><SecretAccessKey>tmpsecret</SecretAccessKey><SessionToken>token</SessionToken><Expiration>${expires}</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>`,
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function signIn(region: string): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-login-region-'));
  dirs.push(dataDir);
  const app = await buildApp({ serverUrl, dataDir, region });
  apps.push(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { accessKey: 'user', secretKey: 'secret-key' },
  });
  return res.statusCode;
}

describe('sign-in when STS does not say the region', () => {
  it('probes S3 once, switches, and asks STS again', async () => {
    seen.length = 0;
    expect(await signIn('us-east-1')).toBe(204);
    expect(seen).toEqual([
      { method: 'POST', region: 'us-east-1' },
      { method: 'GET', region: 'us-east-1' },
      { method: 'POST', region: REGION },
    ]);
  });

  it('asks STS only once when the region is right', async () => {
    seen.length = 0;
    expect(await signIn(REGION)).toBe(204);
    expect(seen).toEqual([{ method: 'POST', region: REGION }]);
  });
});
