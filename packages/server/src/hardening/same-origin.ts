/**
 * Changes (POST, PUT, PATCH, DELETE — uploads and logout included) and WebSocket upgrades (a
 * live socket carries the session cookie like a change does: cross-site WebSocket hijacking) are
 * taken only from the console's own pages. A browser tells where a request comes from: `Sec-Fetch-Site` (only
 * `same-origin`, or `none` for a user's own action, is accepted; `same-site` is another port or
 * subdomain of the same site, refused) and `Origin`, which must be the console's own origin —
 * scheme and host as the request reached the console, or as the reverse proxy forwarded them
 * when `trustProxy` is on (X-Forwarded-Proto / X-Forwarded-Host). Requests carrying neither
 * header do not come from a browser page (curl, scripts) and cannot be forged by one.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ConsoleError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function crossOrigin(detail: string): ConsoleError {
  return new ConsoleError('cross_origin_refused', 'This change must be made from the console itself', detail);
}

/** `scheme://host[:port]` in URL's normal form (lower case, default port dropped); '' if invalid. */
function normalOrigin(text: string): string {
  try {
    const url = new URL(text);
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}

/** The console's origin for this request, as the browser sees it. */
export function ownOrigin(request: FastifyRequest): string {
  return normalOrigin(`${request.protocol}://${request.host}`);
}

export const refuseForeignOrigins: onRequestHookHandler = async (request) => {
  const upgrade = String(request.headers.upgrade ?? '').toLowerCase() === 'websocket';
  if (SAFE_METHODS.has(request.method) && !upgrade) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw crossOrigin(`Sec-Fetch-Site: ${String(site)}`);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = ownOrigin(request);
  // An opaque origin ('null': sandboxed frames, data: URLs) never matches.
  if (own === '' || normalOrigin(origin) !== own) throw crossOrigin(`Origin ${origin} is not ${own}`);
};
