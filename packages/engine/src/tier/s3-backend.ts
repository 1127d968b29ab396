/**
 * The warm backend of `s3` and `minio` tiers: S3 over HTTP(S), path-style, signed with SigV4 by
 * `@coffer/protocol` (the engine's own signer). Bodies go up as UNSIGNED-PAYLOAD with a known
 * length, so a transition streams and never buffers the object; reads ask for a byte range. The
 * remote's version id (when its bucket versions) is kept so the exact copy is read and removed.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { signRequest, uriEncode } from '@coffer/protocol';
import { TierBackendDown, TierBucketNotFound, TierInvalidCredentials } from './errors.js';
import type { TierCommon } from './tier-config.js';
import { joinRemote, type ByteRange, type WarmBackend } from './warm-backend.js';

export interface S3BackendOptions extends TierCommon {
  accessKey: string;
  secretKey: string;
  /** Sent as x-amz-storage-class on uploads (s3 tiers). */
  storageClass?: string;
}

const UNSIGNED = 'UNSIGNED-PAYLOAD';

export class S3Backend implements WarmBackend {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(private readonly options: S3BackendOptions) {
    const endpoint = options.endpoint === '' ? 'https://s3.amazonaws.com' : options.endpoint;
    this.base = new URL(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
    this.agent =
      this.base.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 8 })
        : new http.Agent({ keepAlive: true, maxSockets: 8 });
  }

  private url(name?: string, query?: Record<string, string>): URL {
    const path = name === undefined ? '' : `/${uriEncode(name, false)}`;
    const url = new URL(`${this.base.origin}/${uriEncode(this.options.bucket, false)}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url;
  }

  private request(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body?: Readable,
  ): Promise<http.IncomingMessage> {
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: UNSIGNED,
      accessKey: this.options.accessKey,
      secretKey: this.options.secretKey,
      region: this.options.region === '' ? 'us-east-1' : this.options.region,
      service: 's3',
    });
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(url, { method, headers: signed, agent: this.agent }, resolve);
      req.on('error', (err) => reject(new TierBackendDown(`remote tier unreachable: ${err.message}`)));
      if (body === undefined) req.end();
      else {
        body.on('error', (err) => req.destroy(err));
        body.pipe(req);
      }
    });
  }

  /** Reads an error reply and throws the matching tier error. */
  private async fail(res: http.IncomingMessage, what: string): Promise<never> {
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${res.statusCode ?? 0}`;
    if (code === 'NoSuchBucket') throw new TierBucketNotFound();
    if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch' || res.statusCode === 403) {
      throw new TierInvalidCredentials();
    }
    throw new TierBackendDown(`remote tier ${what} failed: ${code}`);
  }

  async put(name: string, body: Readable, size: number): Promise<string> {
    const headers: Record<string, string> = {
      'content-length': String(size),
      'content-type': 'application/octet-stream',
    };
    if (this.options.storageClass) headers['x-amz-storage-class'] = this.options.storageClass;
    const res = await this.request('PUT', this.url(joinRemote(this.options.prefix, name)), headers, body);
    if (res.statusCode !== 200) return this.fail(res, 'upload');
    res.resume();
    const version = res.headers['x-amz-version-id'];
    return typeof version === 'string' && version !== 'null' ? version : '';
  }

  async get(name: string, remoteVersionId: string, range?: ByteRange): Promise<Readable> {
    const query = remoteVersionId !== '' ? { versionId: remoteVersionId } : undefined;
    const headers: Record<string, string> = {};
    if (range !== undefined) headers.range = `bytes=${range.start}-${range.end}`;
    const res = await this.request('GET', this.url(joinRemote(this.options.prefix, name), query), headers);
    if (res.statusCode !== 200 && res.statusCode !== 206) return this.fail(res, 'read');
    return res;
  }

  async remove(name: string, remoteVersionId: string): Promise<void> {
    const query = remoteVersionId !== '' ? { versionId: remoteVersionId } : undefined;
    const res = await this.request('DELETE', this.url(joinRemote(this.options.prefix, name), query), {});
    if (res.statusCode !== 204 && res.statusCode !== 200) return this.fail(res, 'delete');
    res.resume();
  }

  async inUse(): Promise<boolean> {
    const prefix = joinRemote(this.options.prefix, '');
    const res = await this.request(
      'GET',
      this.url(undefined, { 'list-type': '2', 'max-keys': '1', ...(prefix !== '' ? { prefix } : {}) }),
      {},
    );
    if (res.statusCode !== 200) return this.fail(res, 'listing');
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    return /<Contents>/.test(Buffer.concat(chunks).toString('utf8'));
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }
}
