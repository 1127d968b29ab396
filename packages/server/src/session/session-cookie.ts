/**
 * The session cookie `token` (spec 1 §3 "Locally stored: the token"): the session id only,
 * HttpOnly (scripts never see it), SameSite=Lax (not sent on cross-site POSTs), Secure when the
 * request came over TLS — directly, or through a trusted proxy saying X-Forwarded-Proto: https —
 * and scoped to the console's base path. It lives exactly as long as the session.
 */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from './session-store.js';

export const SESSION_COOKIE = 'token';

function cookiePath(basePath: string): string {
  return basePath === '' ? '/' : basePath;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  basePath: string,
  session: Session,
): void {
  reply.setCookie(SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'lax',
    // Fastify derives the protocol from the socket, or from X-Forwarded-Proto with trustProxy.
    secure: request.protocol === 'https',
    path: cookiePath(basePath),
    maxAge: Math.max(0, Math.floor((session.expiresAt - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, basePath: string): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: cookiePath(basePath),
  });
}

/**
 * The single sign-on flows cookie (sso/pending-logins.ts): like the session cookie HttpOnly,
 * SameSite=Lax (the provider's redirect back is a top-level GET; the callback page's POST is
 * same-origin) and scoped to the base path, for as long as a flow may take.
 */
export function setFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  basePath: string,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: cookiePath(basePath),
    maxAge: maxAgeSeconds,
  });
}
