/**
 * The engine's S3 client for a remote target: the few calls replication makes (bucket checks,
 * PUT of an object's bytes, DELETE of a version or a delete marker), signed with SigV4 by
 * `@coffer/protocol` (header form; streamed bodies as UNSIGNED-PAYLOAD, as minio-go does over
 * TLS and MinIO accepts over plain HTTP too). Answers are read whole (they are small XML); an
 * answer of 300 or more becomes a `RemoteError` with S3's code, a transport failure one with code
 * `ConnectionError`. The console's admin client is not reused: the engine may not import it
 * (workspace boundaries), and it speaks the admin API, not S3.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { UNSIGNED_PAYLOAD, signRequest, uriEncode } from '@coffer/protocol';

export interface RemoteEndpoint {
  /** `host:port`. */
  endpoint: string;
  secure: boolean;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  /** Signing region; default us-east-1. */
  region?: string;
}

export interface RemoteRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST';
  bucket: string;
  key?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A buffer (signed by its hash) or a stream of `size` bytes (unsigned payload). */
  body?: Buffer | Readable;
  size?: number;
}

export interface RemoteResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export class RemoteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

/** The first `<Code>` / `<Message>` of an S3 error body. */
function s3Error(status: number, body: Buffer): RemoteError {
  const text = body.toString('utf8');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? `the remote answered ${status}`;
  return new RemoteError(status, code, message);
}

const MAX_ANSWER = 1024 * 1024;

export class RemoteS3Client {
  private readonly agent: http.Agent;

  constructor(
    private readonly remote: RemoteEndpoint,
    private readonly timeoutMs = 30_000,
  ) {
    this.agent = remote.secure
      ? new https.Agent({ keepAlive: true, maxSockets: 8 })
      : new http.Agent({ keepAlive: true, maxSockets: 8 });
  }

  close(): void {
    this.agent.destroy();
  }

  /** One signed exchange; statuses of 300 and more reject with `RemoteError`. */
  async send(req: RemoteRequest): Promise<RemoteResponse> {
    const scheme = this.remote.secure ? 'https' : 'http';
    const path = `/${uriEncode(req.bucket, true)}${req.key !== undefined ? `/${uriEncode(req.key, false)}` : ''}`;
    const url = new URL(`${scheme}://${this.remote.endpoint}${path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const streamed = req.body !== undefined && !Buffer.isBuffer(req.body);
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) {
      headers['content-length'] = String(Buffer.isBuffer(req.body) ? req.body.length : (req.size ?? 0));
    }
    const signed = signRequest({
      method: req.method,
      url,
      headers,
      ...(streamed ? { payloadHash: UNSIGNED_PAYLOAD } : {}),
      ...(Buffer.isBuffer(req.body) ? { body: req.body } : {}),
      accessKey: this.remote.accessKey,
      secretKey: this.remote.secretKey,
      ...(this.remote.sessionToken !== undefined ? { sessionToken: this.remote.sessionToken } : {}),
      region: this.remote.region || 'us-east-1',
      service: 's3',
    });
    const response = await this.exchange(req.method, url, signed, req.body);
    if (response.status >= 300) throw s3Error(response.status, response.body);
    return response;
  }

  private exchange(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: Buffer | Readable | undefined,
  ): Promise<RemoteResponse> {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<RemoteResponse>((resolve, reject) => {
      const fail = (err: Error): void => {
        reject(err instanceof RemoteError ? err : new RemoteError(0, 'ConnectionError', err.message));
      };
      const r = transport.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_ANSWER) chunks.push(c);
        });
        res.on('error', fail);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      r.setTimeout(this.timeoutMs, () =>
        r.destroy(new Error(`no answer from ${url.host} in ${this.timeoutMs} ms`)),
      );
      r.on('error', fail);
      if (body === undefined || Buffer.isBuffer(body)) {
        r.end(body);
        return;
      }
      body.on('error', (err) => r.destroy(err));
      body.pipe(r);
    });
  }

  /** True when the bucket exists (and the keys may see it); connection and auth problems reject. */
  async bucketExists(bucket: string): Promise<boolean> {
    try {
      await this.send({ method: 'HEAD', bucket });
      return true;
    } catch (err) {
      if (err instanceof RemoteError && err.status === 404) return false;
      throw err;
    }
  }

  /** The bucket's versioning status: 'Enabled', 'Suspended' or '' (never configured). */
  async bucketVersioning(bucket: string): Promise<string> {
    const res = await this.send({ method: 'GET', bucket, query: { versioning: '' } });
    return /<Status>([^<]*)<\/Status>/.exec(res.body.toString('utf8'))?.[1] ?? '';
  }
}
