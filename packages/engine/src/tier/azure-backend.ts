/**
 * The warm backend of `azure` tiers, on Microsoft's official `@azure/storage-blob` SDK: the tier's
 * Bucket is the blob container, names are block blobs under the prefix, uploads stream in blocks,
 * reads ask for an offset and count. Authentication by account name and key (shared key); the
 * endpoint defaults to `https://<account>.blob.core.windows.net`, and an endpoint without a path
 * that is not the account's own host (Azurite, `http://127.0.0.1:10000`) gets the account as its
 * path, which is how the emulator addresses accounts.
 */
import { PassThrough, type Readable } from 'node:stream';
import {
  BlobServiceClient,
  RestError,
  StorageSharedKeyCredential,
  type ContainerClient,
} from '@azure/storage-blob';
import { TierBackendDown, TierBucketNotFound, TierInvalidCredentials } from './errors.js';
import type { TierCommon } from './tier-config.js';
import { joinRemote, type ByteRange, type WarmBackend } from './warm-backend.js';

export interface AzureBackendOptions extends TierCommon {
  accountName: string;
  accountKey: string;
  /** Access tier of uploaded blobs (Hot, Cool, Cold, Archive), when configured. */
  storageClass?: string;
}

/** Four blocks of 4 MiB in flight at most: a transition's memory stays bounded. */
const BLOCK_SIZE = 4 * 1024 * 1024;
const CONCURRENCY = 2;

function serviceUrl(options: AzureBackendOptions): string {
  if (options.endpoint === '') return `https://${options.accountName}.blob.core.windows.net`;
  const url = new URL(
    /^https?:\/\//.test(options.endpoint) ? options.endpoint : `https://${options.endpoint}`,
  );
  if ((url.pathname === '/' || url.pathname === '') && !url.hostname.startsWith(`${options.accountName}.`)) {
    url.pathname = `/${options.accountName}`;
  }
  return url.toString().replace(/\/$/, '');
}

function translate(error: unknown, what: string): Error {
  if (error instanceof RestError) {
    if (error.code === 'ContainerNotFound') return new TierBucketNotFound();
    if (error.statusCode === 403) return new TierInvalidCredentials();
    return new TierBackendDown(
      `remote tier ${what} failed: ${error.code ?? error.statusCode ?? error.message}`,
    );
  }
  return new TierBackendDown(
    `remote tier ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

export class AzureBackend implements WarmBackend {
  private readonly container: ContainerClient;

  constructor(private readonly options: AzureBackendOptions) {
    const credential = new StorageSharedKeyCredential(options.accountName, options.accountKey);
    const service = new BlobServiceClient(serviceUrl(options), credential);
    this.container = service.getContainerClient(options.bucket);
  }

  async put(name: string, body: Readable, _size: number): Promise<string> {
    const blob = this.container.getBlockBlobClient(joinRemote(this.options.prefix, name));
    try {
      const reply = await blob.uploadStream(body, BLOCK_SIZE, CONCURRENCY, {
        blobHTTPHeaders: { blobContentType: 'application/octet-stream' },
        ...(this.options.storageClass ? { tier: this.options.storageClass } : {}),
      });
      return reply.versionId ?? '';
    } catch (error) {
      throw translate(error, 'upload');
    }
  }

  async get(name: string, remoteVersionId: string, range?: ByteRange): Promise<Readable> {
    let blob = this.container.getBlobClient(joinRemote(this.options.prefix, name));
    if (remoteVersionId !== '') blob = blob.withVersion(remoteVersionId);
    try {
      const reply =
        range === undefined
          ? await blob.download()
          : await blob.download(range.start, range.end - range.start + 1);
      const stream = reply.readableStreamBody;
      if (stream === undefined) throw new TierBackendDown('remote tier read returned no body');
      // The SDK's body is a Node stream typed as the DOM-neutral NodeJS.ReadableStream.
      return (stream as Readable).pipe(new PassThrough());
    } catch (error) {
      throw translate(error, 'read');
    }
  }

  async remove(name: string, remoteVersionId: string): Promise<void> {
    let blob = this.container.getBlobClient(joinRemote(this.options.prefix, name));
    if (remoteVersionId !== '') blob = blob.withVersion(remoteVersionId);
    try {
      await blob.deleteIfExists();
    } catch (error) {
      throw translate(error, 'delete');
    }
  }

  async inUse(): Promise<boolean> {
    const prefix = joinRemote(this.options.prefix, '');
    try {
      const pages = this.container.listBlobsFlat(prefix !== '' ? { prefix } : {}).byPage({ maxPageSize: 1 });
      const first = await pages.next();
      return first.done !== true && first.value.segment.blobItems.length > 0;
    } catch (error) {
      throw translate(error, 'listing');
    }
  }
}
