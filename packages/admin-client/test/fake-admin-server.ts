/**
 * A small fake storage server for the admin client's unit tests. It checks what a MinIO server
 * checks — the SigV4 signature recomputed from the request as received (with the protocol's
 * canonical-request functions), the payload hash, `host` signed — records every request, and lets
 * each test answer as it likes (JSON, madmin envelopes, errors).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  canonicalPath,
  canonicalQuery,
  canonicalRequest,
  deriveSigningKey,
  parseAuthorizationHeader,
  sha256Hex,
  signString,
  stringToSign,
} from '@coffer/protocol';

export interface SeenRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  signatureOk: boolean;
  service: string;
  region: string;
}

export type FakeHandler = (seen: SeenRequest, res: http.ServerResponse) => unknown;

export interface FakeAdminServer {
  endpoint: string;
  seen: SeenRequest[];
  /** The handler answering the next requests. */
  handle(handler: FakeHandler): void;
  last(): SeenRequest;
  close(): Promise<void>;
}

function verifySignature(
  req: http.IncomingMessage,
  body: Buffer,
  secret: string,
): Pick<SeenRequest, 'signatureOk' | 'service' | 'region'> {
  const auth = parseAuthorizationHeader(String(req.headers.authorization));
  const url = new URL(req.url ?? '/', 'http://x');
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) headers[name] = String(req.headers[name] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  const creq = canonicalRequest({
    method: req.method ?? '',
    path: canonicalPath(url.pathname),
    query: canonicalQuery(url.searchParams),
    headers,
    signedHeaders: auth.signedHeaders,
    payloadHash,
  });
  const key = deriveSigningKey(secret, auth.date, auth.region, auth.service);
  const expected = signString(key, stringToSign(String(req.headers['x-amz-date']), auth.scope, creq));
  return {
    signatureOk:
      expected === auth.signature && payloadHash === sha256Hex(body) && auth.signedHeaders.includes('host'),
    service: auth.service,
    region: auth.region,
  };
}

/** Listen on 127.0.0.1, port 0; requests are verified against `secret`. */
export async function startFakeAdminServer(secret: string): Promise<FakeAdminServer> {
  const seen: SeenRequest[] = [];
  let handler: FakeHandler = (_s, res) => res.end();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const s: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        ...verifySignature(req, body, secret),
      };
      seen.push(s);
      Promise.resolve(handler(s, res)).catch((err: unknown) => {
        res.statusCode = 599;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    handle: (h) => {
      handler = h;
    },
    last: () => {
      const s = seen.at(-1);
      if (!s) throw new Error('no request seen');
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answer JSON with a status. */
export function sendJson(res: http.ServerResponse, status: number, doc: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(doc));
}
