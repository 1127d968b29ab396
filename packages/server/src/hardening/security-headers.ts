/**
 * Security headers on every console answer — pages, static assets, API answers, errors and 404s
 * (an `onSend` hook sees them all): a Content-Security-Policy without inline scripts (the built
 * index.html loads its script from a file; Mantine sets inline styles, hence `style-src
 * 'unsafe-inline'`), no framing (`frame-ancestors 'none'` and the older X-Frame-Options), no
 * MIME sniffing, and no Referer leaving the console.
 */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });
}
