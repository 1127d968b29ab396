/**
 * Resumable multipart uploads (issue 9 §4), the calls behind `multipart-upload-routes.ts`. Each
 * call acts with the session's own credentials, so a renewed session simply continues; the upload
 * token (./upload-token.ts) keeps an upload to the account that started it and carries its part
 * size, which bounds every part request before its body is read.
 */
import type { FastifyRequest } from 'fastify';
import type {
  CreateMultipartUploadRequest,
  MultipartUpload,
  MultipartUploadQuery,
  UploadedObject,
  UploadedPart,
} from '@coffer/contract';
import type { Client } from 'minio';
import type { StorageClients } from '../../storage/storage-clients.js';
import { listUploadParts, streamUploadPart } from '../../storage/s3-multipart.js';
import { partSizeFor } from '../../storage/upload-stream.js';
import { ConsoleError, invalidRequest } from '../../errors.js';
import type { Session } from '../../session/session-store.js';
import type { UploadTokens } from './upload-token.js';

export interface UploadCall {
  session: Session;
  s3: Client;
  bucket: string;
}

function identity(call: UploadCall, query: MultipartUploadQuery) {
  return {
    account: call.session.accountName,
    bucket: call.bucket,
    key: query.key,
    uploadId: query.upload_id,
  };
}

/** The part size of the upload, or 403 when the token is not this account's for this upload. */
function checkToken(tokens: UploadTokens, call: UploadCall, query: MultipartUploadQuery): number {
  const partSize = tokens.verify(identity(call, query), query.token);
  if (partSize === undefined) {
    throw new ConsoleError(
      'access_denied',
      'This upload belongs to another account or another object',
      'the upload token does not match the account, bucket, key and upload id',
    );
  }
  return partSize;
}

export async function createUpload(
  tokens: UploadTokens,
  call: UploadCall,
  body: CreateMultipartUploadRequest,
  minPartSize: number,
): Promise<MultipartUpload> {
  const partSize = partSizeFor(1, body.size, minPartSize);
  const uploadId = await call.s3.initiateNewMultipartUpload(call.bucket, body.key, {
    'Content-Type': body.content_type ?? 'application/octet-stream',
  });
  const token = tokens.issue(
    { account: call.session.accountName, bucket: call.bucket, key: body.key, uploadId },
    partSize,
  );
  return { key: body.key, upload_id: uploadId, part_size: partSize, token };
}

export async function uploadPart(
  tokens: UploadTokens,
  clients: StorageClients,
  call: UploadCall,
  query: MultipartUploadQuery & { part_number: number },
  request: FastifyRequest,
): Promise<UploadedPart> {
  const partSize = checkToken(tokens, call, query);
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d{1,16}$/.test(header)) {
    throw invalidRequest('Send each part with a Content-Length', 'chunked part bodies are not accepted');
  }
  const length = Number(header);
  if (length > partSize) {
    throw new ConsoleError(
      'payload_too_large',
      `A part may be at most ${partSize} bytes`,
      `part ${query.part_number} declares ${length} bytes; this upload's part size is ${partSize}`,
    );
  }
  // A part refused for a wrong region cannot be replayed (its body is the request stream), but the
  // switch makes the browser's retry of that part succeed.
  const etag = await streamUploadPart(
    {
      serverUrl: clients.serverUrl,
      region: clients.region,
      agent: clients.httpAgent,
      credentials: call.session.credentials,
      bucket: call.bucket,
      key: query.key,
      uploadId: query.upload_id,
    },
    query.part_number,
    request.raw,
    length,
  ).catch((err: unknown) => {
    clients.storageRegion.learn(err);
    throw err;
  });
  return { part_number: query.part_number, etag, size: length };
}

export async function listParts(
  tokens: UploadTokens,
  call: UploadCall,
  query: MultipartUploadQuery,
): Promise<{ parts: UploadedPart[] }> {
  checkToken(tokens, call, query);
  const parts = await listUploadParts(call.s3, call.bucket, query.key, query.upload_id);
  return { parts: parts.map((p) => ({ part_number: p.partNumber, etag: p.etag, size: p.size })) };
}

export async function completeUpload(
  tokens: UploadTokens,
  call: UploadCall,
  query: MultipartUploadQuery,
  parts: readonly { part_number: number; etag: string }[],
): Promise<UploadedObject> {
  checkToken(tokens, call, query);
  const ordered = [...parts].sort((a, b) => a.part_number - b.part_number);
  const done = await call.s3.completeMultipartUpload(
    call.bucket,
    query.key,
    query.upload_id,
    ordered.map((p) => ({ part: p.part_number, etag: p.etag })),
  );
  const stat = await call.s3.statObject(
    call.bucket,
    query.key,
    done.versionId ? { versionId: done.versionId } : {},
  );
  return {
    name: query.key,
    size: stat.size,
    etag: done.etag,
    ...(done.versionId ? { version_id: done.versionId } : {}),
  };
}

export async function abortUpload(
  tokens: UploadTokens,
  call: UploadCall,
  query: MultipartUploadQuery,
): Promise<void> {
  checkToken(tokens, call, query);
  await call.s3.abortMultipartUpload(call.bucket, query.key, query.upload_id);
}
