/**
 * The origin of an object change made by an S3 request: who (the caller's access key, or its parent
 * user for temporary and service credentials, as MinIO names the principal), from which address,
 * with which client and request id. Handlers pass it with each mutation so the object event hook
 * (`events/`) can describe the change. The address is the socket's peer: forwarded-for headers
 * are client-controlled and are not trusted here.
 */
import type { RequestContext } from '../http/context.js';
import type { ChangeOrigin } from '../object-layer/types.js';
import { headerValue } from './object-request.js';

export function changeOrigin(ctx: RequestContext): ChangeOrigin {
  const credential = ctx.auth?.credential;
  const address = ctx.req.socket.remoteAddress ?? '';
  const port = ctx.req.socket.remotePort;
  return {
    principalId: credential === undefined ? '' : (credential.parentUser ?? credential.accessKey),
    // An IPv4 client of a dual-stack listener shows as ::ffff:a.b.c.d; MinIO shows a.b.c.d.
    sourceIp: address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address,
    sourcePort: port !== undefined ? String(port) : '',
    userAgent: headerValue(ctx.req.headers, 'user-agent') ?? '',
    requestId: ctx.requestId,
  };
}
