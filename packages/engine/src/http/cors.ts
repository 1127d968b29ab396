/**
 * Cross-origin requests, as MinIO answers them by default (`api cors_allow_origin=*`): any origin
 * may call the S3 API from a browser (presigned uploads and downloads), so a request with an
 * `Origin` header gets it echoed back with credentials allowed, and a preflight `OPTIONS` is
 * answered 204 with the method and headers the browser asked for. Authentication still applies
 * to the actual request. A bucket with a CORS configuration of its own is answered by its rules
 * instead (`bucket-cors.ts`).
 */
import type { RequestContext } from './context.js';

/** Response headers a browser script may read (the ones S3 clients look at). */
const EXPOSED = [
  'Date',
  'ETag',
  'Server',
  'Connection',
  'Accept-Ranges',
  'Content-Range',
  'Content-Encoding',
  'Content-Length',
  'Content-Type',
  'Content-Disposition',
  'Last-Modified',
  'Content-Language',
  'Cache-Control',
  'Retry-After',
  'Expires',
  'X-Amz-Bucket-Region',
  'X-Amz-Request-Id',
  'X-Amz-Id-2',
  'X-Amz-Version-Id',
  'X-Amz-Delete-Marker',
  'X-Amz-Server-Side-Encryption',
  'X-Amz-Checksum-CRC32',
  'X-Amz-Checksum-CRC32C',
  'X-Amz-Checksum-SHA1',
  'X-Amz-Checksum-SHA256',
  'X-Amz-Checksum-CRC64NVME',
  'X-Amz-Mp-Parts-Count',
].join(', ');

const ALLOWED_METHODS = 'GET, PUT, HEAD, POST, DELETE, OPTIONS, PATCH';

/**
 * Add CORS headers for a browser request; true when the request was a preflight that has now
 * been answered (the caller must not route it further).
 */
export function defaultCors(ctx: RequestContext): boolean {
  const origin = ctx.req.headers.origin;
  if (origin === undefined || origin === '') return false;
  const { res } = ctx;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Vary', 'Origin');
  const requestedMethod = ctx.req.headers['access-control-request-method'];
  if (ctx.method === 'OPTIONS' && requestedMethod !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    const requestedHeaders = ctx.req.headers['access-control-request-headers'];
    if (requestedHeaders !== undefined && requestedHeaders !== '') {
      res.setHeader('Access-Control-Allow-Headers', requestedHeaders);
    }
    res.setHeader('Access-Control-Max-Age', '3600');
    res.statusCode = 204;
    res.end();
    return true;
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  return false;
}
