/**
 * The warm backend of `gcs` tiers, on Google's official `@google-cloud/storage` client: the tier's
 * Creds are the base64 of a service-account credentials.json (as MinIO takes them), the Bucket a
 * GCS bucket, names are objects under the prefix. Uploads are single requests (no resumable
 * session: a transition is retried whole), reads ask for a byte range, the object generation is
 * the remote version id. A configured Endpoint becomes the client's `apiEndpoint`; the client
 * then talks to that endpoint without Google's token exchange (its own rule for custom endpoints),
 * which is how the tests reach their protocol-level stand-in (docs/compatibility.md).
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Storage, type Bucket } from '@google-cloud/storage';
import { TierBackendDown, TierBucketNotFound, TierInvalidConfig, TierInvalidCredentials } from './errors.js';
import type { TierCommon } from './tier-config.js';
import { joinRemote, type ByteRange, type WarmBackend } from './warm-backend.js';

export interface GcsBackendOptions extends TierCommon {
  /** Base64 of credentials.json. */
  creds: string;
  storageClass?: string;
}

function translate(error: unknown, what: string): Error {
  const code = (error as { code?: unknown }).code;
  if (code === 404) return new TierBucketNotFound();
  if (code === 401 || code === 403) return new TierInvalidCredentials();
  return new TierBackendDown(
    `remote tier ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

export class GcsBackend implements WarmBackend {
  private readonly bucket: Bucket;

  constructor(private readonly options: GcsBackendOptions) {
    let credentials: { project_id?: string; client_email?: string; private_key?: string };
    try {
      credentials = JSON.parse(Buffer.from(options.creds, 'base64').toString('utf8')) as typeof credentials;
    } catch {
      throw new TierInvalidConfig('GCS credentials must be the base64 of a credentials.json');
    }
    const storage = new Storage({
      credentials,
      ...(credentials.project_id !== undefined ? { projectId: credentials.project_id } : {}),
      ...(options.endpoint !== '' ? { apiEndpoint: options.endpoint } : {}),
    });
    this.bucket = storage.bucket(options.bucket);
  }

  async put(name: string, body: Readable, _size: number): Promise<string> {
    const file = this.bucket.file(joinRemote(this.options.prefix, name));
    try {
      const upload = file.createWriteStream({
        resumable: false,
        contentType: 'application/octet-stream',
        ...(this.options.storageClass ? { metadata: { storageClass: this.options.storageClass } } : {}),
      });
      await pipeline(body, upload);
      const generation = file.metadata.generation;
      return generation === undefined ? '' : String(generation);
    } catch (error) {
      throw translate(error, 'upload');
    }
  }

  async get(name: string, remoteVersionId: string, range?: ByteRange): Promise<Readable> {
    const file = this.bucket.file(joinRemote(this.options.prefix, name), {
      ...(remoteVersionId !== '' ? { generation: Number(remoteVersionId) } : {}),
    });
    // The client opens the request on first read; errors then arrive on the stream.
    return file.createReadStream(
      range === undefined ? {} : { start: range.start, end: range.end, validation: false },
    );
  }

  async remove(name: string, remoteVersionId: string): Promise<void> {
    const file = this.bucket.file(joinRemote(this.options.prefix, name), {
      ...(remoteVersionId !== '' ? { generation: Number(remoteVersionId) } : {}),
    });
    try {
      await file.delete({ ignoreNotFound: true });
    } catch (error) {
      throw translate(error, 'delete');
    }
  }

  async inUse(): Promise<boolean> {
    const prefix = joinRemote(this.options.prefix, '');
    try {
      const [files] = await this.bucket.getFiles({
        maxResults: 1,
        autoPaginate: false,
        ...(prefix !== '' ? { prefix } : {}),
      });
      return files.length > 0;
    } catch (error) {
      throw translate(error, 'listing');
    }
  }
}
