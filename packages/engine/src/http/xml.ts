/**
 * XML responses for the S3 wire. The codec itself (serialiser and guarded parser) is
 * `common/xml.ts`, re-exported here for the handlers.
 */
import type { RequestContext } from './context.js';
import { toXml, type XmlObject } from '../common/xml.js';

export * from '../common/xml.js';

/** Write an XML response with Content-Type application/xml and Content-Length. */
export function sendXml(
  ctx: RequestContext,
  status: number,
  root: string,
  value: XmlObject,
  options?: { xmlns?: string | false },
): void {
  const body = Buffer.from(toXml(root, value, options), 'utf8');
  const { res } = ctx;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', body.length);
  res.end(ctx.method === 'HEAD' ? undefined : body);
}

/** Write an already serialised XML document (documents that need attributes, stored configs). */
export function sendRawXml(ctx: RequestContext, status: number, xml: string): void {
  const body = Buffer.from(xml, 'utf8');
  const { res } = ctx;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', body.length);
  res.end(ctx.method === 'HEAD' ? undefined : body);
}
