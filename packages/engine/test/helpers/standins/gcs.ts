/**
 * A protocol-level stand-in for Google Cloud Storage (no emulator runs on this machine): a real
 * HTTP server answering the JSON API and upload/download endpoints Google's official
 * `@google-cloud/storage` client uses for the engine's GCS tier, with GCS's shapes:
 * - `GET /storage/v1/b/<bucket>/o?prefix&maxResults` → `{kind:"storage#objects", items:[…]}`;
 * - `POST /upload/storage/v1/b/<bucket>/o?uploadType=multipart` (multipart/related: the JSON
 *   resource, then the media) → the object resource (`generation`, `size`, `md5Hash`, `crc32c`);
 * - `GET /storage/v1/b/<bucket>/o/<name>?alt=media[&generation]` with an optional `Range` (206,
 *   `Content-Range`), `x-goog-hash` and `x-goog-generation` headers;
 * - `DELETE /storage/v1/b/<bucket>/o/<name>[?generation]` → 204.
 * A missing bucket or object is GCS's 404 error document. Objects live in memory; every other
 * request is answered 400 and recorded in `errors` (tests assert it stays empty). It does not check
 * authentication: the client sends none to a custom endpoint (its own rule), see
 * docs/compatibility.md.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import { crc32c as crc32cOf } from '@aws-crypto/crc32c';
import { listenLoopback } from './listen.js';

interface StoredObject {
  data: Buffer;
  generation: number;
  contentType: string;
  storageClass: string;
}

export interface GcsStandin {
  url: string;
  buckets: Map<string, Map<string, StoredObject>>;
  errors: string[];
  requests: string[];
  stop(): Promise<void>;
}

/** GCS's crc32c: the big-endian checksum, base64. */
function crc32c(data: Buffer): string {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32cOf(data) >>> 0);
  return out.toString('base64');
}

function resource(bucket: string, name: string, o: StoredObject): Record<string, unknown> {
  return {
    kind: 'storage#object',
    id: `${bucket}/${name}/${o.generation}`,
    name,
    bucket,
    generation: String(o.generation),
    metageneration: '1',
    contentType: o.contentType,
    storageClass: o.storageClass,
    size: String(o.data.length),
    md5Hash: createHash('md5').update(o.data).digest('base64'),
    crc32c: crc32c(o.data),
  };
}

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': body.length });
  res.end(body);
}

function notFound(res: http.ServerResponse, message: string): void {
  sendJson(res, 404, {
    error: { code: 404, message, errors: [{ message, domain: 'global', reason: 'notFound' }] },
  });
}

/** The JSON part and the media part of a multipart/related upload. */
function splitMultipart(body: Buffer, contentType: string): { meta: Record<string, unknown>; media: Buffer } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (boundary === undefined) throw new Error('no boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    parts.push(body.subarray(at + delimiter.length, next));
    at = next;
  }
  const content = (part: Buffer): Buffer => {
    const start = part.indexOf('\r\n\r\n');
    let end = part.length;
    if (part[end - 2] === 0x0d && part[end - 1] === 0x0a) end -= 2;
    return part.subarray(start + 4, end);
  };
  const [metaPart, mediaPart] = parts;
  if (metaPart === undefined || mediaPart === undefined) throw new Error('expected two parts');
  return {
    meta: JSON.parse(content(metaPart).toString('utf8')) as Record<string, unknown>,
    media: content(mediaPart),
  };
}

export async function startGcsStandin(bucketNames: string[]): Promise<GcsStandin> {
  const buckets = new Map(bucketNames.map((b) => [b, new Map<string, StoredObject>()]));
  const errors: string[] = [];
  const requests: string[] = [];
  let generation = 1_700_000_000_000_000;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      requests.push(`${req.method ?? ''} ${url.pathname}`);
      const bad = (why: string): void => {
        errors.push(`${req.method ?? ''} ${req.url ?? ''}: ${why}`);
        sendJson(res, 400, { error: { code: 400, message: why } });
      };
      const m = /^\/(upload\/)?storage\/v1\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
      if (m === null) return bad('unknown endpoint');
      const [, upload, bucketName = '', rawName] = m;
      const bucket = buckets.get(decodeURIComponent(bucketName));
      if (bucket === undefined) return notFound(res, 'The specified bucket does not exist.');
      const name = rawName === undefined ? undefined : decodeURIComponent(rawName);
      const wantGeneration = url.searchParams.get('generation');
      const find = (): StoredObject | undefined => {
        const o = name === undefined ? undefined : bucket.get(name);
        return o !== undefined && (wantGeneration === null || String(o.generation) === wantGeneration)
          ? o
          : undefined;
      };
      try {
        if (req.method === 'POST' && upload !== undefined && name === undefined) {
          if (url.searchParams.get('uploadType') !== 'multipart') return bad('only multipart uploads');
          const { meta, media } = splitMultipart(
            Buffer.concat(chunks),
            String(req.headers['content-type'] ?? ''),
          );
          const objectName = String(meta.name ?? url.searchParams.get('name') ?? '');
          if (objectName === '') return bad('no object name');
          const o: StoredObject = {
            data: media,
            generation: ++generation,
            contentType: String(meta.contentType ?? 'application/octet-stream'),
            storageClass: String(meta.storageClass ?? 'STANDARD'),
          };
          bucket.set(objectName, o);
          return sendJson(res, 200, resource(bucketName, objectName, o));
        }
        if (req.method === 'GET' && upload === undefined && name === undefined) {
          const prefix = url.searchParams.get('prefix') ?? '';
          const max = Number(url.searchParams.get('maxResults') ?? '1000');
          const items = [...bucket.entries()]
            .filter(([n]) => n.startsWith(prefix))
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .slice(0, max)
            .map(([n, o]) => resource(bucketName, n, o));
          return sendJson(res, 200, { kind: 'storage#objects', ...(items.length > 0 ? { items } : {}) });
        }
        if (req.method === 'GET' && name !== undefined) {
          const o = find();
          if (o === undefined) return notFound(res, 'No such object.');
          if (url.searchParams.get('alt') !== 'media')
            return sendJson(res, 200, resource(bucketName, name, o));
          const headers: Record<string, string | number> = {
            'content-type': o.contentType,
            'x-goog-generation': String(o.generation),
            'x-goog-hash': `crc32c=${crc32c(o.data)},md5=${createHash('md5').update(o.data).digest('base64')}`,
            'x-goog-stored-content-length': o.data.length,
          };
          const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
          if (range !== null) {
            const start = Number(range[1]);
            const end = range[2] === '' ? o.data.length - 1 : Math.min(Number(range[2]), o.data.length - 1);
            const slice = o.data.subarray(start, end + 1);
            res.writeHead(206, {
              ...headers,
              'content-length': slice.length,
              'content-range': `bytes ${start}-${end}/${o.data.length}`,
            });
            return res.end(slice);
          }
          res.writeHead(200, { ...headers, 'content-length': o.data.length });
          return res.end(o.data);
        }
        if (req.method === 'DELETE' && name !== undefined) {
          if (find() === undefined) return notFound(res, 'No such object.');
          bucket.delete(name);
          res.writeHead(204);
          return res.end();
        }
        return bad('unsupported request');
      } catch (error) {
        return bad(error instanceof Error ? error.message : String(error));
      }
    });
  });
  const port = await listenLoopback(server, 0);
  return {
    url: `http://127.0.0.1:${port}`,
    buckets,
    errors,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
