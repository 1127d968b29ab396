/**
 * The S3 calls of a resumable multipart upload that minio-js cannot make the console's way:
 *
 * - `streamUploadPart` sends one UploadPart whose body is the browser's request stream, piped as it
 *   arrives. minio-js signs plain-HTTP bodies with their SHA-256, which needs the whole part in
 *   memory first; here the request is signed with `UNSIGNED-PAYLOAD` (the body's integrity is
 *   TCP's and the part ETag's, as for any S3 client over an unsigned payload) and nothing is held.
 * - `listUploadParts` reads every page of ListParts (minio-js keeps its version protected).
 *
 * Errors answered by the storage server become minio-js `S3Error`s with the S3 code, so the error
 * handler classifies them like every other storage failure.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { UNSIGNED_PAYLOAD, signRequest, uriEncode } from '@coffer/protocol';
import { XMLParser } from 'fast-xml-parser';
import { S3Error, type Client } from 'minio';
import type { SessionCredentials } from '../session/session-store.js';

export interface PartTarget {
  serverUrl: string;
  region: string;
  agent: http.Agent;
  credentials: SessionCredentials;
  bucket: string;
  key: string;
  uploadId: string;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (n) => n === 'Part' });

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function unquote(etag: string): string {
  return etag.replace(/^"+|"+$/g, '');
}

/** The S3 error of an answer body (`<Error><Code>…`), or one named after the status. */
function s3ErrorOf(status: number, body: string): S3Error {
  let code = '';
  let message = '';
  let region = '';
  try {
    const doc = parser.parse(body) as { Error?: { Code?: unknown; Message?: unknown; Region?: unknown } };
    code = text(doc.Error?.Code);
    message = text(doc.Error?.Message);
    region = text(doc.Error?.Region);
  } catch {
    // Not XML: fall back to the status below.
  }
  if (code === '') code = status === 403 ? 'AccessDenied' : status === 404 ? 'NotFound' : 'InternalError';
  const err = new S3Error(message || code);
  err.code = code;
  // As minio-js's errors carry it: a refusal for a wrong region names the right one.
  if (region !== '') Object.assign(err, { region });
  return err;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Send `body` (exactly `length` bytes) as part `partNumber` of the upload; resolves with its ETag.
 * If the body stream fails or closes early, the storage request is destroyed (the storage server
 * sees a short body and stores nothing for this part).
 */
export function streamUploadPart(
  target: PartTarget,
  partNumber: number,
  body: Readable,
  length: number,
): Promise<string> {
  const url = new URL(target.serverUrl);
  url.pathname = `/${target.bucket}/${uriEncode(target.key, false)}`;
  url.search = `?partNumber=${partNumber}&uploadId=${uriEncode(target.uploadId, true)}`;
  const headers = signRequest({
    method: 'PUT',
    url,
    headers: { 'content-length': String(length), 'content-type': 'application/octet-stream' },
    payloadHash: UNSIGNED_PAYLOAD,
    accessKey: target.credentials.accessKey,
    secretKey: target.credentials.secretKey,
    ...(target.credentials.sessionToken !== undefined
      ? { sessionToken: target.credentials.sessionToken }
      : {}),
    region: target.region,
    service: 's3',
  });
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<string>((resolve, reject) => {
    const req = send(url, { method: 'PUT', headers, agent: target.agent }, (res) => {
      readAll(res).then((answer) => {
        const status = res.statusCode ?? 0;
        if (status === 200) resolve(unquote(text(res.headers.etag)));
        else reject(s3ErrorOf(status, answer));
      }, reject);
    });
    req.once('error', reject);
    const cut = (err?: Error) => {
      const reason = err ?? new Error('the upload part request ended before its body was complete');
      req.destroy(reason);
      reject(reason);
    };
    body.once('error', cut);
    // The browser went away mid-part: stop sending to the storage server.
    body.once('aborted', () => cut());
    body.once('close', () => {
      if (!body.readableEnded) cut();
    });
    body.pipe(req);
  });
}

/** Every stored part of an upload, in part-number order. */
export async function listUploadParts(
  s3: Client,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<StoredPart[]> {
  const parts: StoredPart[] = [];
  let marker = 0;
  for (;;) {
    const query =
      `uploadId=${uriEncode(uploadId, true)}&max-parts=1000` +
      (marker > 0 ? `&part-number-marker=${marker}` : '');
    const res = await s3.makeRequestAsync(
      { method: 'GET', bucketName: bucket, objectName: key, query },
      '',
      [200],
    );
    const doc = parser.parse(await readAll(res)) as {
      ListPartsResult?: {
        IsTruncated?: unknown;
        NextPartNumberMarker?: unknown;
        Part?: { PartNumber?: unknown; ETag?: unknown; Size?: unknown }[];
      };
    };
    const result = doc.ListPartsResult ?? {};
    for (const p of result.Part ?? []) {
      parts.push({
        partNumber: Number(text(p.PartNumber)),
        etag: unquote(text(p.ETag)),
        size: Number(text(p.Size)),
      });
    }
    const next = Number(text(result.NextPartNumberMarker));
    if (text(result.IsTruncated) !== 'true' || !(next > marker)) break;
    marker = next;
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}
