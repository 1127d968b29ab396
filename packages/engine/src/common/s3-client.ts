/**
 * The engine's one S3 client towards other servers (replication targets, S3/MinIO tiers):
 * path-style requests signed with SigV4 by `@coffer/protocol` (header form). A buffer body is
 * signed by its hash; a streamed body goes as UNSIGNED-PAYLOAD with a known length (as minio-go
 * does over TLS; MinIO, Ceph RGW and AWS accept it over plain HTTP too), so no object is ever
 * buffered. `request` hands back the answer as a stream (a tier read); `send` reads it whole
 * (small XML answers) and turns a status of 300 or more into an `S3ClientError` with S3's code.
 * A transport failure is an `S3ClientError` with status 0 and code `ConnectionError`.
 *
 * It lives in `common/` because both `tier/` and `replication/` use it and `common/` is the one
 * layer under both (eslint.config.js); it imports nothing of the engine.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { UNSIGNED_PAYLOAD, signRequest, uriEncode } from '@coffer/protocol';

export interface S3ClientOptions {
  /** `http(s)://host:port` (a path is ignored: requests are path-style from the root). */
  origin: string;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  /** Signing region; '' or absent = us-east-1. */
  region?: string;
  /** Socket inactivity limit per request; absent = none (a streamed read may pause long). */
  timeoutMs?: number;
}

export interface S3Request {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST';
  bucket: string;
  key?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A buffer (signed by its hash) or a stream of `size` bytes (unsigned payload). */
  body?: Buffer | Readable;
  size?: number;
}

export interface S3Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export class S3ClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3ClientError';
  }
}

/** Answers are XML documents or error bodies: more than this is not kept. */
const MAX_ANSWER = 1024 * 1024;

/** Reads a whole (small) answer; bytes past `MAX_ANSWER` are drained, not kept. */
export async function readAnswer(res: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of res) {
    size += (c as Buffer).length;
    if (size <= MAX_ANSWER) chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The error an S3 answer of `status` with `body` stands for (its first `<Code>` / `<Message>`). */
export function s3ErrorOf(status: number, body: Buffer): S3ClientError {
  const text = body.toString('utf8');
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? `the remote answered ${status}`;
  return new S3ClientError(status, code, message);
}

export class S3Client {
  private readonly origin: URL;
  private readonly agent: http.Agent;

  constructor(private readonly options: S3ClientOptions) {
    this.origin = new URL(options.origin);
    this.agent =
      this.origin.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 8 })
        : new http.Agent({ keepAlive: true, maxSockets: 8 });
  }

  close(): void {
    this.agent.destroy();
  }

  /** One signed exchange, its answer as a stream whatever the status (the caller reads or drains it). */
  request(req: S3Request): Promise<http.IncomingMessage> {
    const path = `/${uriEncode(req.bucket, true)}${req.key !== undefined ? `/${uriEncode(req.key, false)}` : ''}`;
    const url = new URL(`${this.origin.origin}${path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const buffered = Buffer.isBuffer(req.body) ? req.body : undefined;
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(buffered?.length ?? req.size ?? 0);
    const o = this.options;
    const signed = signRequest({
      method: req.method,
      url,
      headers,
      // No body: the empty payload's hash (signRequest's default).
      ...(buffered !== undefined
        ? { body: buffered }
        : req.body !== undefined
          ? { payloadHash: UNSIGNED_PAYLOAD }
          : {}),
      accessKey: o.accessKey,
      secretKey: o.secretKey,
      ...(o.sessionToken !== undefined ? { sessionToken: o.sessionToken } : {}),
      region: o.region || 'us-east-1',
      service: 's3',
    });
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const r = transport.request(url, { method: req.method, headers: signed, agent: this.agent }, resolve);
      r.on('error', (err) =>
        reject(err instanceof S3ClientError ? err : new S3ClientError(0, 'ConnectionError', err.message)),
      );
      if (o.timeoutMs !== undefined) {
        const ms = o.timeoutMs;
        r.setTimeout(ms, () => r.destroy(new Error(`no answer from ${url.host} in ${ms} ms`)));
      }
      const body = req.body;
      if (body === undefined || Buffer.isBuffer(body)) r.end(body);
      else {
        body.on('error', (err) => r.destroy(err));
        body.pipe(r);
      }
    });
  }

  /** One signed exchange read whole; statuses of 300 and more reject with `S3ClientError`. */
  async send(req: S3Request): Promise<S3Response> {
    const res = await this.request(req);
    let body: Buffer;
    try {
      body = await readAnswer(res);
    } catch (err) {
      throw new S3ClientError(0, 'ConnectionError', (err as Error).message);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300) throw s3ErrorOf(status, body);
    return { status, headers: res.headers, body };
  }
}
