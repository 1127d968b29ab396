/**
 * A raw S3/STS request signed by hand with SigV4 (`signRequest` from `@coffer/protocol`, the same
 * code clients use) and sent with `http.request` on a connection of its own, for tests that need
 * exact headers or bodies the SDKs would not send. Answers the status, headers and body text.
 */
import http from 'node:http';
import { signRequest } from '@coffer/protocol';
import type { Keys } from './admin-calls.js';

export interface SignedReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SignedRequestOptions {
  method: string;
  /** Path and query, resolved against the engine's base URL. */
  path: string;
  body?: Buffer | string;
  /** Extra headers, signed with the rest; `content-length` is added for a body. */
  headers?: Record<string, string>;
  /** SigV4 service; default `s3`. */
  service?: string;
  /** SigV4 region; default `us-east-1`. */
  region?: string;
  /** Send from this local address (e.g. another loopback address). */
  localAddress?: string;
}

export function signedRequest(base: string, keys: Keys, options: SignedRequestOptions): Promise<SignedReply> {
  const url = new URL(options.path, base);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers = signRequest({
    method: options.method,
    url,
    headers: {
      ...(options.headers ?? {}),
      ...(body ? { 'content-length': String(body.length) } : {}),
    },
    ...(body ? { body } : {}),
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    ...(keys.sessionToken !== undefined ? { sessionToken: keys.sessionToken } : {}),
    region: options.region ?? 'us-east-1',
    service: options.service ?? 's3',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method,
        headers,
        agent: false,
        ...(options.localAddress !== undefined ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
