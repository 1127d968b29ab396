/**
 * The warm backend of `s3` and `minio` tiers, over the engine's shared S3 client
 * (`common/s3-client.ts`: path-style, SigV4). Bodies go up as UNSIGNED-PAYLOAD with a known
 * length, so a transition streams and never buffers the object; reads ask for a byte range (no
 * request timeout: a reader may pause a tier read as long as it pauses the GET). The remote's
 * version id (when its bucket versions) is kept so the exact copy is read and removed.
 */
import type http from 'node:http';
import type { Readable } from 'node:stream';
import { S3Client, readAnswer, s3ErrorOf, type S3Request } from '../common/s3-client.js';
import { TierBackendDown, TierBucketNotFound, TierInvalidCredentials } from './errors.js';
import type { TierCommon } from './tier-config.js';
import { joinRemote, type ByteRange, type WarmBackend } from './warm-backend.js';

export interface S3BackendOptions extends TierCommon {
  accessKey: string;
  secretKey: string;
  /** Sent as x-amz-storage-class on uploads (s3 tiers). */
  storageClass?: string;
}

export class S3Backend implements WarmBackend {
  private readonly client: S3Client;

  constructor(private readonly options: S3BackendOptions) {
    const endpoint = options.endpoint === '' ? 'https://s3.amazonaws.com' : options.endpoint;
    const base = new URL(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
    this.client = new S3Client({
      origin: base.origin,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
    });
  }

  /** One exchange on the tier's bucket; a transport failure is TierBackendDown. */
  private async request(
    method: S3Request['method'],
    name: string | undefined,
    extra: Omit<S3Request, 'method' | 'bucket' | 'key'> = {},
  ): Promise<http.IncomingMessage> {
    try {
      return await this.client.request({
        method,
        bucket: this.options.bucket,
        ...(name !== undefined ? { key: joinRemote(this.options.prefix, name) } : {}),
        ...extra,
      });
    } catch (err) {
      throw new TierBackendDown(`remote tier unreachable: ${(err as Error).message}`);
    }
  }

  /** Reads an error reply and throws the matching tier error. */
  private async fail(res: http.IncomingMessage, what: string): Promise<never> {
    const err = s3ErrorOf(res.statusCode ?? 0, await readAnswer(res));
    if (err.code === 'NoSuchBucket') throw new TierBucketNotFound();
    if (err.code === 'InvalidAccessKeyId' || err.code === 'SignatureDoesNotMatch' || err.status === 403) {
      throw new TierInvalidCredentials();
    }
    throw new TierBackendDown(`remote tier ${what} failed: ${err.code}`);
  }

  async put(name: string, body: Readable, size: number): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (this.options.storageClass) headers['x-amz-storage-class'] = this.options.storageClass;
    const res = await this.request('PUT', name, { headers, body, size });
    if (res.statusCode !== 200) return this.fail(res, 'upload');
    res.resume();
    const version = res.headers['x-amz-version-id'];
    return typeof version === 'string' && version !== 'null' ? version : '';
  }

  async get(name: string, remoteVersionId: string, range?: ByteRange): Promise<Readable> {
    const headers: Record<string, string> = {};
    if (range !== undefined) headers.range = `bytes=${range.start}-${range.end}`;
    const query = remoteVersionId !== '' ? { versionId: remoteVersionId } : undefined;
    const res = await this.request('GET', name, { headers, ...(query ? { query } : {}) });
    if (res.statusCode !== 200 && res.statusCode !== 206) return this.fail(res, 'read');
    return res;
  }

  async remove(name: string, remoteVersionId: string): Promise<void> {
    const query = remoteVersionId !== '' ? { versionId: remoteVersionId } : undefined;
    const res = await this.request('DELETE', name, query ? { query } : {});
    if (res.statusCode !== 204 && res.statusCode !== 200) return this.fail(res, 'delete');
    res.resume();
  }

  async inUse(): Promise<boolean> {
    const prefix = joinRemote(this.options.prefix, '');
    const query = { 'list-type': '2', 'max-keys': '1', ...(prefix !== '' ? { prefix } : {}) };
    const res = await this.request('GET', undefined, { query });
    if (res.statusCode !== 200) return this.fail(res, 'listing');
    return /<Contents>/.test((await readAnswer(res)).toString('utf8'));
  }

  async close(): Promise<void> {
    this.client.close();
  }
}
